/**
 * Input schemas of the statement calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { statementQuerySchema } from './schemas/statement.ts';

/** /api/wallet/statement */
export const walletStatementInputSchema = statementQuerySchema;

/** /api/admin/user/statement */
export const adminUserStatementInputSchema = statementQuerySchema.extend({
  userId: z.string().trim().min(1).max(80),
});

/** /api/admin/wallet/dust-sweep */
export const adminWalletDustSweepInputSchema = z.object({});
