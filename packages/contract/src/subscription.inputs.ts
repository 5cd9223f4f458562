/**
 * Input schemas of the subscription calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';

/** /api/subscribe!add.action */
export const subscribeAddInputSchema = z.object({ email: z.string().min(1).max(256) });
