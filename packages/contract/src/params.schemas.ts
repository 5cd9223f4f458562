import { z } from 'zod';
import { PARAM_CODES } from './params.ts';

/** `/api/get/params`: the public params asked for, by code (values are strings). */
export const publicParamsSchema = z.partialRecord(z.enum(PARAM_CODES as [string, ...string[]]), z.string());
