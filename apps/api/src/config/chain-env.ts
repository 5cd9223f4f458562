/**
 * The EVM chain rails' configuration (issue 29), read from the same environment as the rest of
 * config/env.ts. All of CHAIN_EVM_RPC_URL and CHAIN_EVM_XPUB turn the watcher on; without them the
 * EVM networks stay on the manual proof flow. The hot-wallet key is optional (no key: deposits are
 * watched, withdrawals are still paid by hand); it is kept only in this frozen object, never
 * written to the database or a log.
 */
import { z } from 'zod';

export interface ChainToken {
  /** The coin the wallet channel is for (USDT, USDC). */
  symbol: string;
  /** Lower-case 0x address of the token contract. */
  contract: `0x${string}`;
  decimals: number;
}

export interface ChainEvmConfig {
  readonly rpcUrl: string;
  readonly xpub: string;
  readonly tokens: readonly ChainToken[];
  /** Blocks on top of a deposit's block (itself counted) before it is credited or a payout posted. */
  readonly confirmations: number;
  /** 0x + 64 hex digits, or undefined (payouts stay manual). Never logged. */
  readonly hotWalletKey: `0x${string}` | undefined;
}

const tokenPattern = /^([A-Z0-9]{2,10}):(0x[0-9a-fA-F]{40}):(\d{1,2})$/;

/** Parses `USDT:0xdAC1…:6,USDC:0xA0b8…:6`; a malformed entry stops the start with its position. */
export function parseChainTokens(raw: string): ChainToken[] {
  if (raw.trim() === '') return [];
  return raw.split(',').map((entry, i) => {
    const m = tokenPattern.exec(entry.trim());
    if (!m) throw new Error(`CHAIN_EVM_TOKENS entry ${i + 1} must be SYMBOL:0xCONTRACT:DECIMALS`);
    const decimals = Number(m[3]);
    if (decimals > 36) throw new Error(`CHAIN_EVM_TOKENS entry ${i + 1}: decimals above 36`);
    return { symbol: m[1] as string, contract: (m[2] as string).toLowerCase() as `0x${string}`, decimals };
  });
}

const schema = z.object({
  CHAIN_EVM_RPC_URL: z.string().url().optional(),
  CHAIN_EVM_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'an extended public key')
    .optional(),
  CHAIN_EVM_TOKENS: z.string().default(''),
  CHAIN_EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(500).default(12),
  CHAIN_EVM_HOT_WALLET_KEY: z.string().optional(),
});

/** The EVM rails' configuration, or undefined when they are off (no RPC URL or no xpub). */
export function parseChainEvmEnv(env: Record<string, string | undefined>): ChainEvmConfig | undefined {
  const result = schema.safeParse(env);
  if (!result.success) {
    // The message names the variable, never its value (the key must not reach a log).
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid chain configuration: ${problems}`);
  }
  const e = result.data;
  if (!e.CHAIN_EVM_RPC_URL || !e.CHAIN_EVM_XPUB) return undefined;
  const key = e.CHAIN_EVM_HOT_WALLET_KEY?.trim();
  let hotWalletKey: `0x${string}` | undefined;
  if (key) {
    const hex = key.startsWith('0x') ? key.slice(2) : key;
    if (!/^[0-9a-fA-F]+$/.test(hex)) throw new Error('CHAIN_EVM_HOT_WALLET_KEY must be hexadecimal');
    hotWalletKey = `0x${hex.padStart(64, '0').toLowerCase()}`;
    if (hex.length > 64) throw new Error('CHAIN_EVM_HOT_WALLET_KEY is longer than a secp256k1 key');
    rawKeyLengths.set(hotWalletKey, hex.length);
  }
  return Object.freeze({
    rpcUrl: e.CHAIN_EVM_RPC_URL,
    xpub: e.CHAIN_EVM_XPUB,
    tokens: Object.freeze(parseChainTokens(e.CHAIN_EVM_TOKENS)),
    confirmations: e.CHAIN_EVM_CONFIRMATIONS,
    hotWalletKey,
  });
}

/** How many hex digits the operator really gave (a short key is padded above, then refused in production). */
const rawKeyLengths = new Map<string, number>();

/**
 * Production checks of the chain configuration, for config/env.ts's production check to call: a
 * hot-wallet key shorter than a real one (64 hex digits) is refused; a test key is refused too.
 * Returns the problems (empty when fine); never includes the key itself.
 */
export function chainProductionProblems(chain: ChainEvmConfig | undefined): string[] {
  if (!chain) return [];
  const problems: string[] = [];
  if (chain.confirmations < 6) problems.push('CHAIN_EVM_CONFIRMATIONS below 6 is unsafe on a public chain');
  if (!chain.hotWalletKey) return problems;
  const given = rawKeyLengths.get(chain.hotWalletKey) ?? 64;
  if (given < 64) problems.push(`CHAIN_EVM_HOT_WALLET_KEY has ${given} hex digits; a real key has 64`);
  if (/^0x0{32}/.test(chain.hotWalletKey)) problems.push('CHAIN_EVM_HOT_WALLET_KEY is mostly zeros');
  return problems;
}

/** A network's explorer: a link template with `{hash}` where the transaction hash goes. */
export type ChainExplorers = Readonly<Record<string, string>>;

export const DEFAULT_CHAIN_EXPLORERS =
  'ERC20=https://etherscan.io/tx/{hash},TRC20=https://tronscan.org/#/transaction/{hash},BTC=https://mempool.space/tx/{hash}';

/**
 * `CHAIN_EXPLORERS`: `NETWORK=https://…{hash}` entries, comma separated (a test network's deployment
 * points ERC20 at its own explorer, e.g. Sepolia's). A network left out gets no link. A malformed
 * entry stops the start with its position.
 */
export function parseChainExplorers(raw: string | undefined): ChainExplorers {
  const text = raw ?? DEFAULT_CHAIN_EXPLORERS;
  const out: Record<string, string> = {};
  if (text.trim() === '') return Object.freeze(out);
  text.split(',').forEach((entry, i) => {
    const m = /^([A-Z0-9]{2,10})=(https?:\/\/\S+)$/.exec(entry.trim());
    if (!m || !m[2]!.includes('{hash}'))
      throw new Error(`CHAIN_EXPLORERS entry ${i + 1} must be NETWORK=https://…{hash}`);
    out[m[1]!] = m[2]!;
  });
  return Object.freeze(out);
}

/** The transaction's page on its network's explorer, or null when none is configured. */
export function explorerLink(explorers: ChainExplorers, network: string, txHash: string): string | null {
  const template = explorers[network];
  return template ? template.replace('{hash}', encodeURIComponent(txHash)) : null;
}
