/**
 * Input schemas of the jobs calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { pageInput } from './paging.inputs.ts';

const PAGE_SIZE = 20;

/** /api/admin/jobs/failed */
export const adminJobsFailedInputSchema = z.object(pageInput(PAGE_SIZE));

/** /api/admin/jobs/retry */
export const adminJobsRetryInputSchema = z.object({ id: z.string().trim().min(1).max(40) });
