// The generated catalogue run.mjs and instructions.mjs run the mall on: built once per generator
// version, copied for each run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Copies a seeded catalogue into `dir`, generating it first when this generator version has none. */
export function seedCatalogue(dir, products) {
  const hash = createHash('sha256');
  for (const name of readdirSync(join(root, 'tools/seed')).sort()) {
    hash.update(readFileSync(join(root, 'tools/seed', name)));
  }
  // Other domains' migrations do not change the catalogue: the server applies them to the copy.
  for (const name of readdirSync(join(root, 'apps/api/src/core/db/migrations')).sort()) {
    if (name.includes('catalogue')) hash.update(name);
  }
  const cached = join(root, '.artifacts/bench/data', `${products}-${hash.digest('hex').slice(0, 12)}`);
  if (!existsSync(join(cached, 'mall.sqlite'))) {
    console.info(`bench: generating a catalogue of ${products} goods (once) into ${cached}`);
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'tools/seed/cli.ts', '--products', String(products)],
      {
        cwd: root,
        env: Object.fromEntries(
          Object.entries({ ...process.env, DATA_DIR: cached }).filter(([k]) => k !== 'DATABASE_URL'),
        ),
        stdio: 'inherit',
      },
    );
    if (seeded.status !== 0) throw new Error('seeding the bench catalogue failed');
  }
  copyFileSync(join(cached, 'mall.sqlite'), join(dir, 'mall.sqlite'));
}
