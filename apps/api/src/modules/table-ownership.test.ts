/**
 * Modules own their tables (DESIGN §2): a module's code names only its own tables; what it needs
 * of another module's rows it asks that module's index.ts for. Flows own no tables: they compose
 * services. A static check over the source, so a breach fails here before it is ever run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../', import.meta.url));

/** Table name → owning module, read from core/db/schema.ts (each table type imported from its module). */
export function tableOwners(schema: string): Map<string, string> {
  const moduleOfType = new Map<string, string>();
  for (const m of schema.matchAll(/import type \{([^}]*)\} from '([^']+)'/g)) {
    const owner = /modules\/([\w-]+)\//.exec(m[2] as string)?.[1] ?? 'core';
    for (const name of (m[1] as string).split(',')) moduleOfType.set(name.trim(), owner);
  }
  const owners = new Map<string, string>();
  const body = schema.slice(schema.indexOf('export interface Database'));
  for (const m of body.matchAll(/^\s+(\w+): (\w+);/gm)) {
    owners.set(m[1] as string, moduleOfType.get(m[2] as string) ?? 'unknown');
  }
  return owners;
}

/**
 * The tables a source file names: as the table of a Kysely query, join or subquery (a column
 * reference such as 'users.name' needs one of those first), through sql.table, or in raw SQL.
 */
export function tablesNamed(source: string, tables: Iterable<string>): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const table of tables) {
    const quoted = new RegExp(
      `\\b(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|using|\\w*[jJ]oin|table)\\(\\s*['"\`]${table}( as \\w+)?['"\`]`,
    );
    const inSql = new RegExp(`\\b(from|join|update|into|table)\\s+"?${table}"?(\\s|\\(|$|\`|")`, 'i');
    if (quoted.test(code) || inSql.test(code)) found.push(table);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isTest = /\.test\.ts$|\.test-helpers\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !isTest ? [path] : [];
  });
}

/** Every breach: `file: table (owner)` for each table a file names that its module does not own. */
export function breaches(): string[] {
  const owners = tableOwners(readFileSync(join(src, 'core/db/schema.ts'), 'utf8'));
  const found: string[] = [];
  for (const area of ['modules', 'flows']) {
    for (const file of sourceFiles(join(src, area))) {
      const relative = file.slice(src.length);
      const own = area === 'modules' ? relative.split('/')[1] : undefined;
      for (const table of tablesNamed(readFileSync(file, 'utf8'), owners.keys())) {
        const owner = owners.get(table);
        if (owner !== own) found.push(`${relative}: ${table} (${owner})`);
      }
    }
  }
  return found;
}

describe('modules own their tables', () => {
  it('reads every table and its owner from the schema', () => {
    const owners = tableOwners(readFileSync(join(src, 'core/db/schema.ts'), 'utf8'));
    expect(owners.get('users')).toBe('accounts');
    expect(owners.get('ledger_accounts')).toBe('ledger');
    expect(owners.get('jobs')).toBe('core');
    expect([...owners.values()]).not.toContain('unknown');
  });

  it('finds a table named in a query, a column reference or raw SQL, not in comments', () => {
    const tables = ['users', 'ledger_accounts', 'loans'];
    expect(tablesNamed("db.selectFrom('users').select('id')", tables)).toEqual(['users']);
    expect(tablesNamed("q.leftJoin('users', 'users.id', 'loans.user_id')", tables)).toEqual(['users']);
    expect(tablesNamed("eb.selectFrom('loans as l').select('l.id')", tables)).toEqual(['loans']);
    expect(tablesNamed('sql`select sum(balance) from ledger_accounts`', tables)).toEqual(['ledger_accounts']);
    expect(tablesNamed("// selectFrom('users')\n/* from loans */ const x = 1;", tables)).toEqual([]);
    expect(tablesNamed("const job = 'loans.overdue'; const label = 'users';", tables)).toEqual([]);
  });

  it('no module or flow names another module’s table outside that module', () => {
    expect(breaches()).toEqual([]);
  });
});

/**
 * Every balance change is a call of the ledger's one API (LedgerService from ledger/index.ts:
 * transfer, hold, post, void) inside the caller's transaction: the ledger is the shared kernel
 * that wallet, loans and the order flows build on (docs/decisions.md, "money moves").
 */
const PAST_LEDGER_INDEX = /from '[^']*ledger\/(?!index\.ts')[^']*'/;

export function ledgerBypasses(): string[] {
  const found: string[] = [];
  for (const area of ['modules', 'flows']) {
    for (const file of sourceFiles(join(src, area))) {
      const relative = file.slice(src.length);
      if (relative.startsWith('modules/ledger/')) continue;
      const code = readFileSync(file, 'utf8');
      if (PAST_LEDGER_INDEX.test(code)) found.push(`${relative}: imports inside ledger/`);
      if (/\bLedgerRepository\b/.test(code)) found.push(`${relative}: uses LedgerRepository`);
    }
  }
  return found;
}

describe('money moves through the ledger’s one API', () => {
  it('tells an import past the ledger’s index from one through it', () => {
    expect(PAST_LEDGER_INDEX.test("import { LedgerRepository } from '../ledger/ledger.repository.ts';")).toBe(
      true,
    );
    expect(PAST_LEDGER_INDEX.test("import { type LedgerService } from '../ledger/index.ts';")).toBe(false);
  });

  it('no module or flow reaches past ledger/index.ts or uses the ledger’s repository', () => {
    expect(ledgerBypasses()).toEqual([]);
  });
});
