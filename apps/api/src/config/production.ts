/**
 * What NODE_ENV=production refuses. Every problem is collected first, so the operator reads them
 * all in one message instead of fixing one per restart.
 */
import { isIP } from 'node:net';
import { DEV_PIN_PEPPER } from '../modules/accounts/pin-hasher.ts';
import { chainProductionProblems } from './chain-env.ts';
import type { Config } from './env.ts';

/** false, true (any peer: development only), or the proxies' addresses and CIDRs. */
export type TrustProxy = boolean | readonly string[];

/** Secrets that ship in this repository or its docs: anyone can read them. */
const KNOWN_DEFAULT_SECRETS = new Set([
  DEV_PIN_PEPPER,
  'sandbox-gateway-secret-for-demos-only',
  'change-me',
  'changeme',
  'secret',
]);

const MIN_SECRET_LENGTH = 32;

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify's trustProxy takes it, or the problem (a string) when it is malformed. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const bad = entries.filter((s) => !isAddressOrCidr(s));
  if (bad.length > 0) {
    return `TRUST_PROXY: ${bad.join(', ')} is not an address or CIDR (use e.g. 10.0.0.5,10.1.0.0/16, or false)`;
  }
  return Object.freeze(entries);
}

function secretProblem(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return `${name} is not set`;
  if (KNOWN_DEFAULT_SECRETS.has(value)) return `${name} is a published default`;
  if (value.length < MIN_SECRET_LENGTH) return `${name} is shorter than ${MIN_SECRET_LENGTH} characters`;
  return undefined;
}

/** Every unsafe production setting, as one line each; empty when the configuration may start. */
export function productionProblems(config: Config, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (config.demoAccounts)
    problems.push('DEMO_ACCOUNTS is on (demo accounts with a public password): set false');
  if (config.seedDemo) problems.push('SEED_DEMO is on (a generated demo catalogue): set false');
  const pepper = secretProblem('FUND_PIN_PEPPER', env.FUND_PIN_PEPPER);
  if (pepper) problems.push(pepper);
  // The sandbox gateway does not exist in production; a real gateway's secret, when one is
  // configured (GATEWAY_<NAME>_SECRET), must be a real secret.
  for (const [name, value] of Object.entries(env)) {
    if (!/^GATEWAY_[A-Z0-9_]+_SECRET$/.test(name)) continue;
    const problem = secretProblem(name, value);
    if (problem) problems.push(problem);
  }
  if (config.trustProxy === true) {
    problems.push(
      'TRUST_PROXY is true (any client could forge X-Forwarded-For): list the proxies, e.g. 10.0.0.5,10.1.0.0/16',
    );
  }
  if (config.storage.kind === 'local' && config.processes > 1) {
    problems.push(
      `STORAGE is local disk while PROCESSES=${config.processes}: an upload would exist on one machine only; use STORAGE=s3`,
    );
  }
  if (config.storage.kind === 's3' && !config.storage.urlSecret) {
    problems.push(
      'STORAGE_URL_SECRET is not set: links to private files (identity documents, payment proofs) would be signed with a per-process secret and fail on other processes',
    );
  }
  if (config.processes > 1 && !config.redisUrl) {
    problems.push(
      `REDIS_URL is not set while PROCESSES=${config.processes}: processes would not hear each other`,
    );
  }
  if (config.processes > 1 && !config.databaseUrl) {
    problems.push(`DATABASE_URL is not set while PROCESSES=${config.processes}: SQLite serves one process`);
  }
  problems.push(...chainProductionProblems(config.chainEvm));
  return problems;
}
