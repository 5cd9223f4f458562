export type * from './jobs.schemas.ts';
