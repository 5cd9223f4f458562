import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/** Opaque, sortable row id (ULID). */
export function newId(): string {
  return next();
}
