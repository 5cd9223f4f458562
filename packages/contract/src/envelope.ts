/** The reply every call gets (DESIGN §3). `key` is present on errors only. */
import type { PageInfo } from './envelope.schemas.ts';
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  key?: string;
}

export interface Page<T> {
  pageList: T[];
  pageInfo: PageInfo;
}

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './envelope.schemas.ts';
