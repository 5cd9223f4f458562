/**
 * Input schemas of the session calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */
import { z } from 'zod';

/** /api/user!heartbeat.action */
export const userHeartbeatInputSchema = z.object({});
