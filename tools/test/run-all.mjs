// `npm test`: lint, types, unit and API tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is
// set), the storefront build and its size budget, then the browser tests against a real server.
// Ends with one summary line "tests: N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const reports = join(root, '.artifacts/test');
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const broken = [];
/** Failing tests by name, printed again just above the summary: CI keeps only the log's tail. */
const failures = [];

function run(label, command, args) {
  process.stdout.write(`\n== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) broken.push(label);
  return result.status === 0;
}

function vitest(label, extraArgs, reportName) {
  const report = join(reports, `${reportName}.json`);
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests ?? 0;
    // Each failing test once; a file counts only when it failed with no failing test of its own (it
    // did not load, or a hook failed). Counting failed suites too made one failed test "3 failed".
    failed += r.numFailedTests ?? 0;
    for (const file of r.testResults ?? []) {
      const name = file.name.replace(root, '');
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      if (file.status === 'failed' && failedTests.length === 0) {
        failed += 1;
        failures.push(`${name}: ${firstLines(file.message ?? 'failed')}`);
      }
      for (const test of failedTests) {
        failures.push(`${name} > ${test.fullName}: ${firstLines(test.failureMessages?.[0] ?? '')}`);
      }
    }
  } else if (!ok) {
    failed += 1;
  }
}

function firstLines(message) {
  return message.split('\n').slice(0, 6).join('\n    ');
}

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('types (tsc)', 'npx', ['tsc', '-p', '.']);
vitest('unit and API tests', [], 'unit');
const built = run('build', 'npm', ['run', 'build']);
if (built) {
  run('storefront size budget', 'node', ['tools/size-limit.mjs']);
  vitest('browser tests', ['--config', 'tools/e2e/vitest.e2e.config.ts'], 'e2e');
}

if (failures.length > 0) console.log(`\nfailed tests:\n  ${failures.join('\n  ')}`);
if (broken.length > 0) console.log(`\nsteps that failed: ${broken.join(', ')}`);
// A failed non-test step (lint, types, build, budget) counts as a failure too.
const stepFailures = broken.filter((b) => !b.includes('tests')).length;
console.log(`\ntests: ${passed} passed, ${failed + stepFailures} failed`);
process.exit(broken.length > 0 || failed > 0 ? 1 : 0);
