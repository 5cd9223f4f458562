/**
 * The only reader of process.env. Parsed once with zod and frozen; everything else receives the
 * resulting Config, so tests build apps with their own values.
 */
import { basename, resolve } from 'node:path';
import { BRANDS, DEFAULT_BRAND_KEY } from '@mall/contract';
import { z } from 'zod';
import { parseStorageConfig, type StorageConfig } from '../core/storage/config.ts';
import {
  type ChainEvmConfig,
  type ChainExplorers,
  parseChainEvmEnv,
  parseChainExplorers,
} from './chain-env.ts';
import { parseTrustProxy, productionProblems, type TrustProxy } from './production.ts';

const brandKeys = new Set(BRANDS.map((b) => b.key));

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BRAND: z
    .string()
    .default(DEFAULT_BRAND_KEY)
    .refine((key) => brandKeys.has(key), { message: `BRAND must be one of: ${[...brandKeys].join(', ')}` }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  LOG_REQUESTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUST_PROXY: z.string().default('false'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_PREFIX: letters, digits and . _ : - only (at most 64)')
    .optional(),
  /** How many API processes share this database (production refuses local-disk storage above 1). */
  PROCESSES: z.coerce.number().int().min(1).max(1024).default(1),
  /** Bearer token /metrics asks for; unset answers 404 there (metrics are never public). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
  /** Done jobs older than this many days are deleted; failed ones are kept for the console. */
  JOBS_DONE_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(7),
  /** After SIGTERM: /readyz answers 503 this long before the process stops accepting connections. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  GATEWAY_SANDBOX_SECRET: z.string().min(16).optional(),
  FUND_PIN_PEPPER: z.string().min(32).optional(),
  DEMO_ACCOUNTS: flag('true'),
  SEED_DEMO: flag('true'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SQLITE_GROUP_COMMIT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** The sandbox gateway's public demo secret: anyone can sign its notifications. */
export const DEMO_GATEWAY_SECRET = 'sandbox-gateway-secret-for-demos-only';

export interface Config {
  /** `production` refuses unsafe settings at start (config/production.ts) and drops the sandbox gateway. */
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  /** SQLite: commits grouped and synced off the event loop's thread (core/db/sqlite-group-commit.ts). */
  readonly sqliteGroupCommit: boolean;
  readonly redisUrl: string | undefined;
  readonly dataDir: string;
  readonly brandKey: string;
  readonly logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Built storefront to serve; undefined serves none (API-only tests). */
  readonly webDist: string | undefined;
  /** Built back office to serve at /console; undefined serves none. */
  readonly consoleDist: string | undefined;
  /** false, true (development only) or the proxies' addresses/CIDRs whose X-Forwarded-For counts. */
  readonly trustProxy: TrustProxy;
  /** Put before every Redis key and channel, so two malls can share one Redis. */
  readonly redisPrefix: string;
  /** API processes declared for this database (PROCESSES). */
  readonly processes: number;
  readonly metricsToken: string | undefined;
  readonly jobsDoneRetentionMs: number;
  readonly shutdownDrainMs: number;
  readonly logRequests: boolean;
  /** Mail transport for the outbox (`smtp://user:pass@host:587`); unset keeps messages in the outbox and log. */
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  /**
   * Shared secret the sandbox payment gateway signs its notifications with (HMAC-SHA256);
   * undefined in production, where the sandbox gateway does not exist.
   */
  readonly gatewaySandboxSecret: string | undefined;
  /** Server-side secret of the fund PIN hashes; unset uses a development pepper (logged at start). */
  readonly fundPinPepper: string | undefined;
  /** Create the demo accounts of docs/operations.md at start. */
  readonly demoAccounts: boolean;
  /** Seed a small demo catalogue at start when the database holds none. */
  readonly seedDemo: boolean;
  /** Sign-in attempts (and password resets) one client address may make per minute. */
  readonly loginPerMinute: number;
  /** Where uploads live: STORAGE=local (DATA_DIR) or s3 (S3_* settings), core/storage/config.ts. */
  readonly storage: StorageConfig;
  /** The EVM chain rails (config/chain-env.ts); undefined keeps EVM deposits on the manual proof flow. */
  readonly chainEvm: ChainEvmConfig | undefined;
  /** Each chain network's explorer link template (CHAIN_EXPLORERS; default Etherscan, Tronscan, mempool.space). */
  readonly chainExplorers: ChainExplorers;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY ?? 'false');
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  if (!result.success || typeof trustProxy === 'string') {
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const production = e.NODE_ENV === 'production';
  const config: Config = Object.freeze({
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    sqliteGroupCommit: e.SQLITE_GROUP_COMMIT,
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR,
    brandKey: e.BRAND,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    consoleDist: e.CONSOLE_DIST,
    trustProxy,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL, e.DATA_DIR),
    processes: e.PROCESSES,
    metricsToken: e.METRICS_TOKEN,
    jobsDoneRetentionMs: Math.round(e.JOBS_DONE_RETENTION_DAYS * 86_400_000),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    logRequests: e.LOG_REQUESTS,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'no-reply@localhost',
    gatewaySandboxSecret: production ? undefined : (e.GATEWAY_SANDBOX_SECRET ?? DEMO_GATEWAY_SECRET),
    fundPinPepper: e.FUND_PIN_PEPPER,
    demoAccounts: e.DEMO_ACCOUNTS,
    seedDemo: e.SEED_DEMO,
    loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    storage: parseStorageConfig(env),
    chainEvm: parseChainEvmEnv(env),
    chainExplorers: parseChainExplorers(env.CHAIN_EXPLORERS),
  });
  if (production) {
    const unsafe = productionProblems(config, env);
    if (unsafe.length > 0) {
      throw new Error(
        `Refusing to start with NODE_ENV=production:\n${unsafe.map((p) => `  - ${p}`).join('\n')}\n` +
          'See docs/operations.md, "Production".',
      );
    }
  }
  return config;
}

/** `mall:<database name>:`, so two malls on one Redis never hear each other by default. */
function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  let name: string;
  try {
    name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';
  } catch {
    name = '';
  }
  if (!name) name = databaseUrl ? 'postgres' : `sqlite-${basename(resolve(dataDir))}`;
  return `mall:${name.replace(/[^\w.-]/g, '_').slice(0, 48)}:`;
}
