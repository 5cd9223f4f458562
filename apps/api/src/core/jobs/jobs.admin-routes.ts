/**
 * Admin: failed jobs (attempts used up) with their last error, and a retry that gives one more
 * attempt now. Jobs belong to no brand (the timeouts of every brand share one queue); the list shows
 * no payloads, only what a job is and why it failed.
 */

import { type FailedJobDto, failedJobSchema, pageSchema, toWireTime } from '@mall/contract';
import { adminJobsFailedInputSchema, adminJobsRetryInputSchema } from '@mall/contract/jobs.inputs';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { pageOf } from '../http/paging.ts';
import type { DefineRoute } from '../http/route.ts';
import type { JobRunner } from './jobs.ts';

export function jobAdminRoutes(route: DefineRoute, jobs: JobRunner): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/jobs/failed',
    input: adminJobsFailedInputSchema,
    output: pageSchema(failedJobSchema),
    auth: { roles: ['admin'] },
    handle: async (_ctx, page) => {
      const { rows, total } = await jobs.failed(page.pageSize, (page.pageNum - 1) * page.pageSize);
      const list: FailedJobDto[] = rows.map((r) => ({
        ...r,
        runAt: toWireTime(r.runAt),
        updatedAt: toWireTime(r.updatedAt),
      }));
      return pageOf(list, total, page);
    },
  });
  route({
    method: 'POST',
    url: '/api/admin/jobs/retry',
    input: adminJobsRetryInputSchema,
    output: z.object({ id: z.string() }),
    auth: { roles: ['admin'] },
    handle: async (_ctx, { id }) => {
      if (!(await jobs.retry(id))) throw new AppError('JOB_NOT_FAILED');
      return { id };
    },
  });
}
