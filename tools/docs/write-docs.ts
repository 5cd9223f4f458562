/** `npm run docs`: regenerates the generated pages under docs/. */
import { writeFileSync } from 'node:fs';
import { ERRORS_DOC_PATH, renderErrorsDoc } from './errors-doc.ts';

writeFileSync(ERRORS_DOC_PATH, renderErrorsDoc());
process.stdout.write(`wrote ${ERRORS_DOC_PATH.pathname}\n`);
