/** `npm run docs`: regenerates the generated pages under docs/ and the typed client's call map. */
import { writeFileSync } from 'node:fs';
import { API_CALLS_PATH, API_DOCS_DIR, renderApiCalls, renderAreaPages } from './api-doc.ts';
import { ERRORS_DOC_PATH, renderErrorsDoc } from './errors-doc.ts';
import { loadOpenApi } from './openapi-source.ts';

writeFileSync(ERRORS_DOC_PATH, renderErrorsDoc());
process.stdout.write(`wrote ${ERRORS_DOC_PATH.pathname}\n`);

const doc = await loadOpenApi();
for (const [area, page] of renderAreaPages(doc)) {
  const path = new URL(`${area}.md`, API_DOCS_DIR);
  writeFileSync(path, page);
  process.stdout.write(`wrote ${path.pathname}\n`);
}
writeFileSync(API_CALLS_PATH, renderApiCalls(doc));
process.stdout.write(`wrote ${API_CALLS_PATH.pathname}\n`);
