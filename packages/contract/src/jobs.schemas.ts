/** The console's jobs page (admin): durable jobs that used up their attempts, and their retry. */
import { z } from 'zod';

/** A failed job: `/api/admin/jobs/failed` lists them, newest first. Times are wire times. */
export const failedJobSchema = z.object({
  id: z.string(),
  /** What the job does, e.g. `orders.auto-cancel` (the handler's name). */
  type: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** The last attempt's error message (at most 2,000 characters). */
  lastError: z.string().nullable(),
  /** When it was last due, and when it last changed (failed). */
  runAt: z.string(),
  updatedAt: z.string(),
});
export type FailedJobDto = z.infer<typeof failedJobSchema>;
