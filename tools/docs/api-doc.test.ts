/** docs/api's reference pages and the typed client's call map are what `npm run docs` writes now. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_CALLS_PATH, API_DOCS_DIR, renderApiCalls, renderAreaPages } from './api-doc.ts';
import { loadOpenApi } from './openapi-source.ts';

describe('generated API docs', () => {
  it('docs/api/<area>.md and packages/contract/src/api-calls.ts are up to date (run `npm run docs`)', async () => {
    const doc = await loadOpenApi();
    for (const [area, page] of renderAreaPages(doc)) {
      expect(readFileSync(new URL(`${area}.md`, API_DOCS_DIR), 'utf8'), `docs/api/${area}.md`).toBe(page);
    }
    expect(readFileSync(API_CALLS_PATH, 'utf8')).toBe(renderApiCalls(doc));
  }, 60_000);
});
