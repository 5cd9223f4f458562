/** The console's jobs page (admin): durable jobs that used up their attempts, and their retry. */

/** A failed job: `/api/admin/jobs/failed` lists them, newest first. Times are wire times. */
export interface FailedJobDto {
  id: string;
  /** What the job does, e.g. `orders.auto-cancel` (the handler's name). */
  type: string;
  attempts: number;
  maxAttempts: number;
  /** The last attempt's error message (at most 2,000 characters). */
  lastError: string | null;
  /** When it was last due, and when it last changed (failed). */
  runAt: string;
  updatedAt: string;
}
