import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file, Chromium driven by playwright-core, run one file at a
// time so the two cores are not fought over.
export default defineConfig({
  test: {
    include: ['tools/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
