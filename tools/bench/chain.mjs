// The chain section of `npm run bench` (issue 29): one block with 1,000 deposits to 1,000 users on
// a local Ganache node; seconds from the block's N-th confirmation to all 1,000 credited, beside
// the raw ledger transfer rate measured in the same run (chain-deposits.ts does the measuring).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pad } from './columns.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bench/chain-deposits.ts'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, SECONDS: process.argv.includes('--quick') ? '2' : '5' },
});
if (result.status !== 0) {
  console.error('chain bench failed');
  process.exit(1);
}
const r = JSON.parse(result.stdout.trim().split('\n').pop());
const creditsPerSecond = r.credited / r.creditSeconds;
console.log('\nchain (one block, 1,000 deposits to 1,000 users, SQLite)');
console.log(`${pad('seen and recorded as confirming', 44)} ${r.deposits} in ${r.seenSeconds.toFixed(2)} s`);
console.log(
  `${pad('credited after the N-th confirmation', 44)} ${r.credited} in ${r.creditSeconds.toFixed(2)} s (${Math.round(creditsPerSecond)}/s)`,
);
console.log(`${pad('raw ledger transfers, same run', 44)} ${Math.round(r.ledgerPerSecond)}/s`);
console.log(
  `${pad('credits / raw ledger transfers', 44)} ${(creditsPerSecond / r.ledgerPerSecond).toFixed(2)}`,
);
console.log(`${pad('ledger audit after', 44)} ${r.auditOk ? 'ok' : 'FAILED'}`);
process.exitCode = r.credited === r.deposits && r.deposits === 1000 && r.auditOk ? 0 : 1;
