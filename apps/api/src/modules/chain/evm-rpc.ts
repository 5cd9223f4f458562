/**
 * The node, over JSON-RPC (viem). Every answer is checked for shape before use: a node answering
 * garbage makes the caller's step fail (the job tries again later), never a half-understood write.
 * No caching: viem's block-number cache would hide new blocks from the watcher.
 */
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;

export interface ChainBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  /** Native transfers in the block: value above zero to an address (contract creations left out). */
  transfers: { hash: string; from: string; to: string; value: bigint }[];
}

export interface TransferLog {
  txHash: string;
  logIndex: number;
  blockHash: string;
  contract: string;
  from: string;
  to: string;
  value: bigint;
}

export interface ChainReceipt {
  hash: string;
  status: 'success' | 'reverted';
  blockNumber: bigint;
}

export class RpcAnswerError extends Error {}

function checked(value: unknown, pattern: RegExp, what: string): string {
  if (typeof value !== 'string' || !pattern.test(value.toLowerCase()))
    throw new RpcAnswerError(`node answered a bad ${what}`);
  return value.toLowerCase();
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new RpcAnswerError(`node answered a bad ${what}`);
  return BigInt(value);
}

/** The 20-byte address at the end of a 32-byte topic. */
function topicAddress(topic: unknown): string {
  const t = checked(topic, HASH, 'log topic');
  if (!/^0x0{24}/.test(t)) throw new RpcAnswerError('node answered a topic that is not an address');
  return `0x${t.slice(26)}`;
}

export class EvmRpc {
  readonly client: PublicClient;

  constructor(url: string, timeoutMs = 10_000) {
    this.client = createPublicClient({
      transport: http(url, { timeout: timeoutMs, retryCount: 0 }),
      cacheTime: 0,
    });
  }

  private request(method: string, params: unknown[] = []): Promise<unknown> {
    // biome-ignore lint/suspicious/noExplicitAny: raw JSON-RPC; every answer is checked below
    return (this.client.request as any)({ method, params });
  }

  async head(): Promise<bigint> {
    return quantity(await this.request('eth_blockNumber'), 'block number');
  }

  async chainId(): Promise<number> {
    return Number(quantity(await this.request('eth_chainId'), 'chain id'));
  }

  async block(number: bigint): Promise<ChainBlock | undefined> {
    const raw = (await this.request('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])) as Record<
      string,
      unknown
    > | null;
    if (raw === null) return undefined;
    if (typeof raw !== 'object') throw new RpcAnswerError('node answered a bad block');
    const txs = raw.transactions;
    if (!Array.isArray(txs)) throw new RpcAnswerError('node answered a block without transactions');
    const transfers: ChainBlock['transfers'] = [];
    for (const tx of txs as Record<string, unknown>[]) {
      if (typeof tx !== 'object' || tx === null || tx.to === null || tx.to === undefined) continue;
      const value = quantity(tx.value, 'transaction value');
      if (value === 0n) continue;
      transfers.push({
        hash: checked(tx.hash, HASH, 'transaction hash'),
        from: checked(tx.from, ADDRESS, 'address'),
        to: checked(tx.to, ADDRESS, 'address'),
        value,
      });
    }
    const found = quantity(raw.number, 'block number');
    if (found !== number) throw new RpcAnswerError('node answered another block than asked');
    return {
      number,
      hash: checked(raw.hash, HASH, 'block hash'),
      parentHash: checked(raw.parentHash, HASH, 'block hash'),
      transfers,
    };
  }

  /** Every ERC-20 `Transfer` log of one block (by hash, so the logs belong to the block checked). */
  async transferLogs(blockHash: string): Promise<TransferLog[]> {
    const raw = await this.request('eth_getLogs', [{ blockHash, topics: [TRANSFER_TOPIC] }]);
    if (!Array.isArray(raw)) throw new RpcAnswerError('node answered bad logs');
    const logs: TransferLog[] = [];
    for (const log of raw as Record<string, unknown>[]) {
      const topics = log.topics;
      // ERC-721 transfers have the id as a fourth topic and no data: not money.
      if (!Array.isArray(topics) || topics.length !== 3 || log.removed === true) continue;
      if (typeof log.data !== 'string' || log.data.length !== 66) continue;
      logs.push({
        txHash: checked(log.transactionHash, HASH, 'transaction hash'),
        logIndex: Number(quantity(log.logIndex, 'log index')),
        blockHash: checked(log.blockHash, HASH, 'block hash'),
        contract: checked(log.address, ADDRESS, 'address'),
        from: topicAddress(topics[1]),
        to: topicAddress(topics[2]),
        value: quantity(log.data === '0x' ? '0x0' : log.data.replace(/^0x0+(?=.)/, '0x'), 'log value'),
      });
    }
    return logs;
  }

  async code(address: string): Promise<string> {
    const raw = await this.request('eth_getCode', [address, 'latest']);
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]*$/.test(raw))
      throw new RpcAnswerError('node answered bad code');
    return raw;
  }

  async pendingNonce(address: string): Promise<bigint> {
    return quantity(await this.request('eth_getTransactionCount', [address, 'pending']), 'nonce');
  }

  async gasPrice(): Promise<bigint> {
    return quantity(await this.request('eth_gasPrice'), 'gas price');
  }

  async sendRaw(signed: Hex): Promise<string> {
    return checked(await this.request('eth_sendRawTransaction', [signed]), HASH, 'transaction hash');
  }

  async receipt(hash: string): Promise<ChainReceipt | undefined> {
    const raw = (await this.request('eth_getTransactionReceipt', [hash])) as Record<string, unknown> | null;
    if (raw === null || raw === undefined) return undefined;
    const status = quantity(raw.status, 'receipt status');
    return {
      hash,
      status: status === 1n ? 'success' : 'reverted',
      blockNumber: quantity(raw.blockNumber, 'block number'),
    };
  }
}
