// Compiles test-usdt.sol with the solc npm package (pinned in the root devDependencies) and writes
// test-usdt.json (ABI and bytecode) beside it: `node apps/api/src/modules/chain/test-token/build.mjs`.
// The JSON is committed, so the tests need no compiler; run this only after editing the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = dirname(fileURLToPath(import.meta.url));
const input = {
  language: 'Solidity',
  sources: { 'test-usdt.sol': { content: readFileSync(join(here, 'test-usdt.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'shanghai',
    outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['test-usdt.sol'].TestUsdt;
const artifact = {
  compiler: `solc ${solc.version()}`,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
writeFileSync(join(here, 'test-usdt.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`wrote test-usdt.json (${contract.evm.bytecode.object.length / 2} bytes of bytecode)`);
