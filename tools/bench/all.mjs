// `npm run bench`: every section in turn, with the same flags. `--only <text>[,<text>...]` picks
// HTTP endpoints by name (run.mjs) and whole sections by name: `http`, `money`, `wallet`, `chat`,
// `startup` (time to first answer at 50,000 goods), and two that run only when named: `instructions`
// (instructions.mjs: callgrind, about eight minutes) and `storefront` (storefront.mjs: Lighthouse's
// mobile preset on the built storefront, about five minutes; it needs `npm run build` first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('./', import.meta.url));
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : undefined;
const sections = [
  { name: 'http', script: 'run.mjs', always: true },
  { name: 'money', script: 'money.mjs' },
  { name: 'wallet', script: 'wallet-http.mjs' },
  { name: 'chat', script: 'chat.mjs' },
  { name: 'startup', script: 'startup.mjs' },
  { name: 'chain', script: 'chain.mjs' },
  { name: 'instructions', script: 'instructions.mjs', askedOnly: true },
  { name: 'storefront', script: 'storefront.mjs', askedOnly: true },
];
let failed = false;
for (const section of sections) {
  if (!existsSync(`${here}${section.script}`)) continue;
  const wanted = section.askedOnly
    ? only?.includes(section.name)
    : !only ||
      only.includes(section.name) ||
      (section.always && !only.every((o) => sections.some((s) => s.name === o && !s.always)));
  if (!wanted) continue;
  const result = spawnSync(process.execPath, [`${here}${section.script}`, ...argv], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exitCode = failed ? 1 : 0;
