/**
 * The only reader of process.env. Parsed once with zod and frozen; everything else receives the
 * resulting Config, so tests build apps with their own values.
 */
import { BRANDS, DEFAULT_BRAND_KEY } from '@mall/contract';
import { z } from 'zod';
import { type ChainEvmConfig, parseChainEvmEnv } from './chain-env.ts';

const brandKeys = new Set(BRANDS.map((b) => b.key));

const schema = z.object({
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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  GATEWAY_SANDBOX_SECRET: z.string().min(16).default('sandbox-gateway-secret-for-demos-only'),
  FUND_PIN_PEPPER: z.string().min(32).optional(),
  DEMO_ACCOUNTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly dataDir: string;
  readonly brandKey: string;
  readonly logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Built storefront to serve; undefined serves none (API-only tests). */
  readonly webDist: string | undefined;
  /** Built back office to serve at /console; undefined serves none. */
  readonly consoleDist: string | undefined;
  readonly trustProxy: boolean;
  readonly logRequests: boolean;
  /** Mail transport for the outbox (`smtp://user:pass@host:587`); unset keeps messages in the outbox and log. */
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  /** Shared secret the sandbox payment gateway signs its notifications with (HMAC-SHA256). */
  readonly gatewaySandboxSecret: string;
  /** Server-side secret of the fund PIN hashes; unset uses a development pepper (logged at start). */
  readonly fundPinPepper: string | undefined;
  /** Create the demo accounts of docs/operations.md at start. */
  readonly demoAccounts: boolean;
  /** Seed a small demo catalogue at start when the database holds none. */
  readonly seedDemo: boolean;
  /** Sign-in attempts (and password resets) one client address may make per minute. */
  readonly loginPerMinute: number;
  /** The EVM chain rails (config/chain-env.ts); undefined keeps EVM deposits on the manual proof flow. */
  readonly chainEvm: ChainEvmConfig | undefined;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR,
    brandKey: e.BRAND,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    consoleDist: e.CONSOLE_DIST,
    trustProxy: e.TRUST_PROXY,
    logRequests: e.LOG_REQUESTS,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'no-reply@localhost',
    gatewaySandboxSecret: e.GATEWAY_SANDBOX_SECRET,
    fundPinPepper: e.FUND_PIN_PEPPER,
    demoAccounts: e.DEMO_ACCOUNTS,
    seedDemo: e.SEED_DEMO,
    loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    chainEvm: parseChainEvmEnv(env),
  });
}
