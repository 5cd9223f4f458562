import { describe, expect, it } from 'vitest';
import {
  chainProductionProblems,
  explorerLink,
  parseChainEvmEnv,
  parseChainExplorers,
  parseChainTokens,
} from './chain-env.ts';

const XPUB =
  'xpub6EEDNF2mvRWBANmVjeB1n5ZMWszXnzXUL4u3VMq673qU9HNJ1zvXPLuxpUUmAVDom7Cg2iMDfQtoPL2MALL4qKB3RWsn5BAquLDd3US5XFU';
const base = { CHAIN_EVM_RPC_URL: 'http://127.0.0.1:8545', CHAIN_EVM_XPUB: XPUB };

describe('chain configuration', () => {
  it('is off without an RPC URL or an xpub (EVM stays on the manual proof flow)', () => {
    expect(parseChainEvmEnv({})).toBeUndefined();
    expect(parseChainEvmEnv({ CHAIN_EVM_RPC_URL: base.CHAIN_EVM_RPC_URL })).toBeUndefined();
  });

  it('reads tokens, confirmations and the key', () => {
    const c = parseChainEvmEnv({
      ...base,
      CHAIN_EVM_TOKENS:
        'USDT:0xdAC17F958D2ee523a2206206994597C13D831ec7:6, USDC:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48:6',
      CHAIN_EVM_CONFIRMATIONS: '12',
      CHAIN_EVM_HOT_WALLET_KEY: `0x${'ab'.repeat(32)}`,
    });
    expect(c?.tokens).toEqual([
      { symbol: 'USDT', contract: '0xdac17f958d2ee523a2206206994597c13d831ec7', decimals: 6 },
      { symbol: 'USDC', contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 },
    ]);
    expect(c?.confirmations).toBe(12);
    expect(chainProductionProblems(c)).toEqual([]);
  });

  it('refuses malformed tokens, and never repeats the key in an error', () => {
    expect(() => parseChainTokens('USDT:0x12:6')).toThrow(/entry 1/);
    expect(() => parseChainEvmEnv({ ...base, CHAIN_EVM_HOT_WALLET_KEY: 'not-a-secret-key-zz' })).toThrow(
      /hexadecimal/,
    );
    try {
      parseChainEvmEnv({ ...base, CHAIN_EVM_HOT_WALLET_KEY: 'zz-secret-zz' });
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });

  it('production refuses a hot-wallet key shorter than a real one', () => {
    const short = parseChainEvmEnv({
      ...base,
      CHAIN_EVM_HOT_WALLET_KEY: '0x1234',
      CHAIN_EVM_CONFIRMATIONS: '12',
    });
    expect(chainProductionProblems(short).join()).toMatch(/4 hex digits/);
    const shallow = parseChainEvmEnv({
      ...base,
      CHAIN_EVM_HOT_WALLET_KEY: `0x${'ab'.repeat(32)}`,
      CHAIN_EVM_CONFIRMATIONS: '2',
    });
    expect(chainProductionProblems(shallow).join()).toMatch(/CONFIRMATIONS/);
  });

  it('links each network to its explorer from CHAIN_EXPLORERS, and refuses a malformed entry', () => {
    const hash = 'ab'.repeat(32);
    const defaults = parseChainExplorers(undefined);
    expect(explorerLink(defaults, 'ERC20', `0x${hash}`)).toBe(`https://etherscan.io/tx/0x${hash}`);
    expect(explorerLink(defaults, 'TRC20', hash)).toBe(`https://tronscan.org/#/transaction/${hash}`);
    const sepolia = parseChainExplorers('ERC20=https://sepolia.etherscan.io/tx/{hash}');
    expect(explorerLink(sepolia, 'ERC20', hash)).toBe(`https://sepolia.etherscan.io/tx/${hash}`);
    // A network left out (or every network, with an empty value) gets no link.
    expect(explorerLink(sepolia, 'TRC20', hash)).toBeNull();
    expect(explorerLink(parseChainExplorers(''), 'ERC20', hash)).toBeNull();
    expect(() => parseChainExplorers('ERC20=https://etherscan.io/tx/')).toThrow(/entry 1/);
    expect(() => parseChainExplorers('ERC20=https://a/{hash},trc=ftp://b/{hash}')).toThrow(/entry 2/);
  });
});
