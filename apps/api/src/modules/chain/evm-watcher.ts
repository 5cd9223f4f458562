/**
 * Follows an EVM chain block by block and records what reaches our deposit addresses: ERC-20
 * `Transfer` logs (of any contract: configured tokens become deposits, others are kept for
 * finance) and native transfers. Its cursor (last block scanned, with its hash) and the hashes of
 * the recent blocks live in the database; every step is one transaction that moves the cursor
 * with a compare-and-set, so two processes running it at once cannot both write a range, a crash
 * between steps repeats nothing, and a restart resumes at the block after the cursor.
 * Reorganisations: before scanning, the cursor's block is compared with the node's; when it was
 * replaced, the watcher walks back through its stored hashes to the last block both agree on,
 * drops what was seen above it (nothing there was credited: crediting waits for N confirmations)
 * and scans again from there. What to credit and when is the caller's (flows/chain).
 */

import type { Insertable } from 'kysely';
import type { Clock } from '../../core/clock.ts';
import { toNumber } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import type { ChainDepositsTable, DepositStatus } from './chain.table.ts';
import type { AddressOwner, DepositAddresses } from './deposit-addresses.ts';
import type { ChainBlock, EvmRpc } from './evm-rpc.ts';
import { transfersToUs } from './transfers-to-us.ts';

/** A transfer to one of our addresses, as the watcher saw it. */
export interface SeenDeposit {
  id: string;
  network: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The configured token's symbol, the native coin's, or `?` for a contract not configured. */
  asset: string;
  contract: string | null;
  from: string;
  to: string;
  owner: AddressOwner;
  amountRaw: bigint;
  /** The token's decimals (18 for the native coin); null when the contract is unknown. */
  decimals: number | null;
  /** Set when the same event was seen before, dropped by a reorganisation, and is back. */
  reopened: { rechargeId: string | null } | undefined;
}

export interface SeenDecision {
  status: DepositStatus;
  reason: string | null;
  rechargeId: string | null;
}

/** What the caller does inside the watcher's transactions (records for users, in flows/chain). */
export interface DepositSink {
  seen(tx: Executor, deposits: readonly SeenDeposit[]): Promise<SeenDecision[]>;
  dropped(tx: Executor, deposits: readonly { id: string; rechargeId: string | null }[]): Promise<void>;
}

export interface WatchedToken {
  symbol: string;
  contract: string;
  decimals: number;
}

export interface WatcherOptions {
  network: string;
  nativeSymbol: string;
  tokens: readonly WatchedToken[];
  confirmations: number;
  /** Blocks scanned per step at most (a restart far behind catches up step by step). */
  batchBlocks?: number;
}

export interface ScanReport {
  head: bigint;
  cursor: bigint;
  scanned: number;
  seen: number;
  reorganised: { from: bigint; to: bigint } | undefined;
}

export class WatcherRaceError extends Error {}
export class DeepReorgError extends Error {}

export class EvmWatcher {
  private readonly tokens: Map<string, WatchedToken>;
  private readonly window: number;

  constructor(
    private readonly db: Executor,
    private readonly rpc: EvmRpc,
    private readonly addresses: DepositAddresses,
    private readonly sink: DepositSink,
    private readonly clock: Clock,
    readonly options: WatcherOptions,
  ) {
    this.tokens = new Map(options.tokens.map((t) => [t.contract.toLowerCase(), t]));
    this.window = Math.max(64, options.confirmations * 2);
  }

  get network(): string {
    return this.options.network;
  }

  async cursor(db: Executor = this.db) {
    const row = await db
      .selectFrom('chain_cursors')
      .selectAll()
      .where('network', '=', this.network)
      .executeTakeFirst();
    return row
      ? { number: BigInt(row.block_number), hash: row.block_hash, head: BigInt(row.head) }
      : undefined;
  }

  /** One step: reorganisation check, then up to `batchBlocks` new blocks. */
  async scan(): Promise<ScanReport> {
    const head = await this.rpc.head();
    let cursor = await this.cursor();
    if (!cursor) cursor = await this.begin(head);
    const reorganised = await this.rewindIfReplaced(cursor);
    if (reorganised) cursor = { ...cursor, number: reorganised.to, hash: reorganised.hash };
    const last = head < cursor.number ? cursor.number : head;
    const until =
      last - cursor.number > BigInt(this.options.batchBlocks ?? 50)
        ? cursor.number + BigInt(this.options.batchBlocks ?? 50)
        : last;
    const blocks: ChainBlock[] = [];
    let parent = cursor.hash;
    for (let n = cursor.number + 1n; n <= until; n++) {
      const block = await this.rpc.block(n);
      // A block that does not follow the last one: the chain changed under the scan; the next
      // step's check finds where.
      if (!block || block.parentHash !== parent) break;
      blocks.push(block);
      parent = block.hash;
    }
    let seen = 0;
    if (blocks.length > 0 || head !== cursor.head) seen = await this.record(cursor, blocks, head);
    const end = blocks.at(-1);
    return {
      head,
      cursor: end ? end.number : cursor.number,
      scanned: blocks.length,
      seen,
      reorganised: reorganised ? { from: reorganised.from, to: reorganised.to } : undefined,
    };
  }

  /** The first run starts N blocks back from the head (deposits older than that are not looked for). */
  private async begin(head: bigint) {
    const start = head > BigInt(this.options.confirmations) ? head - BigInt(this.options.confirmations) : 0n;
    const block = await this.rpc.block(start);
    if (!block) throw new Error(`node has no block ${start}`);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      await tx
        .insertInto('chain_cursors')
        .values({ network: this.network, block_number: start, block_hash: block.hash, head, updated_at: now })
        .onConflict((oc) => oc.column('network').doNothing())
        .execute();
      await tx
        .insertInto('chain_blocks')
        .values({ network: this.network, number: start, hash: block.hash, parent_hash: block.parentHash })
        .onConflict((oc) => oc.columns(['network', 'number']).doNothing())
        .execute();
    });
    const cursor = await this.cursor();
    if (!cursor) throw new Error('cursor vanished');
    return cursor;
  }

  private async rewindIfReplaced(cursor: { number: bigint; hash: string }) {
    const live = await this.rpc.block(cursor.number);
    if (live?.hash === cursor.hash) return undefined;
    const stored = await this.db
      .selectFrom('chain_blocks')
      .select(['number', 'hash'])
      .where('network', '=', this.network)
      .where('number', '<', cursor.number)
      .orderBy('number', 'desc')
      .limit(this.window)
      .execute();
    let ancestor: { number: bigint; hash: string } | undefined;
    for (const b of stored) {
      const onChain = await this.rpc.block(BigInt(b.number));
      if (onChain?.hash === b.hash) {
        ancestor = { number: BigInt(b.number), hash: b.hash };
        break;
      }
    }
    if (!ancestor)
      throw new DeepReorgError(`${this.network}: reorganisation deeper than the ${this.window}-block window`);
    const found = ancestor;
    await inTransaction(this.db, async (tx) => {
      await this.moveCursor(tx, cursor, found, undefined);
      const gone = await tx
        .selectFrom('chain_deposits')
        .select(['id', 'recharge_id', 'status'])
        .where('network', '=', this.network)
        .where('block_number', '>', found.number)
        .where('status', '!=', 'dropped')
        .execute();
      const droppable = gone.filter((d) => d.status !== 'credited');
      // Credited deposits above the ancestor cannot happen while reorganisations stay shallower than
      // N; if one does, it is flagged for finance rather than taken back silently.
      const credited = gone.filter((d) => d.status === 'credited').map((d) => d.id);
      if (credited.length > 0) {
        await tx
          .updateTable('chain_deposits')
          .set({ reason: 'credited, then its block left the chain: check with finance' })
          .where('id', 'in', credited)
          .execute();
      }
      if (droppable.length > 0) {
        await tx
          .updateTable('chain_deposits')
          .set({
            status: 'dropped',
            reason: 'its block left the chain (reorganisation)',
            updated_at: this.clock.now(),
          })
          .where(
            'id',
            'in',
            droppable.map((d) => d.id),
          )
          .execute();
        await this.sink.dropped(
          tx,
          droppable.map((d) => ({ id: d.id, rechargeId: d.recharge_id })),
        );
      }
      await tx
        .deleteFrom('chain_blocks')
        .where('network', '=', this.network)
        .where('number', '>', found.number)
        .execute();
    });
    return { from: cursor.number, to: found.number, hash: found.hash };
  }

  /** Moves the cursor from `from` to `to` only if it is still at `from`; else another watcher ran. */
  private async moveCursor(
    tx: Executor,
    from: { number: bigint; hash: string },
    to: { number: bigint; hash: string },
    head: bigint | undefined,
  ) {
    const result = await tx
      .updateTable('chain_cursors')
      .set({
        block_number: to.number,
        block_hash: to.hash,
        updated_at: this.clock.now(),
        ...(head === undefined ? {} : { head }),
      })
      .where('network', '=', this.network)
      .where('block_number', '=', from.number)
      .where('block_hash', '=', from.hash)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new WatcherRaceError('another watcher moved the cursor');
  }

  private async record(
    cursor: { number: bigint; hash: string },
    blocks: ChainBlock[],
    head: bigint,
  ): Promise<number> {
    const candidates = await transfersToUs(this.rpc, this.addresses, this.db, blocks, {
      network: this.network,
      nativeSymbol: this.options.nativeSymbol,
      tokens: this.tokens,
    });
    const end = blocks.at(-1);
    const to = end ? { number: end.number, hash: end.hash } : cursor;
    return inTransaction(this.db, async (tx) => {
      await this.moveCursor(tx, cursor, to, head);
      if (blocks.length > 0) {
        await tx
          .insertInto('chain_blocks')
          .values(
            blocks.map((b) => ({
              network: this.network,
              number: b.number,
              hash: b.hash,
              parent_hash: b.parentHash,
            })),
          )
          .execute();
        await tx
          .deleteFrom('chain_blocks')
          .where('network', '=', this.network)
          .where('number', '<', to.number - BigInt(this.window))
          .execute();
      }
      if (candidates.length === 0) return 0;
      const deposits = await this.withEarlierSightings(tx, candidates);
      const decisions = await this.sink.seen(tx, deposits);
      const now = this.clock.now();
      const fresh: Insertable<ChainDepositsTable>[] = [];
      for (const [i, d] of deposits.entries()) {
        const decision = decisions[i] as SeenDecision;
        if (d.reopened) {
          await tx
            .updateTable('chain_deposits')
            .set({
              block_number: d.blockNumber,
              block_hash: d.blockHash,
              status: decision.status,
              reason: decision.reason,
              recharge_id: decision.rechargeId,
              updated_at: now,
            })
            .where('id', '=', d.id)
            .execute();
          continue;
        }
        fresh.push({
          id: d.id,
          network: d.network,
          tx_hash: d.txHash,
          log_index: d.logIndex,
          block_number: d.blockNumber,
          block_hash: d.blockHash,
          asset: d.asset,
          contract: d.contract,
          from_address: d.from,
          to_address: d.to,
          user_id: d.owner.userId,
          brand: d.owner.brand,
          amount_raw: d.amountRaw.toString(),
          status: decision.status,
          reason: decision.reason,
          recharge_id: decision.rechargeId,
          transfer_id: null,
          created_at: now,
          updated_at: now,
        });
      }
      for (let i = 0; i < fresh.length; i += 200) {
        await tx
          .insertInto('chain_deposits')
          .values(fresh.slice(i, i + 200))
          .execute();
      }
      return deposits.length;
    });
  }

  /** Events seen before and dropped by a reorganisation come back under their first id. */
  private async withEarlierSightings(
    tx: Executor,
    candidates: Omit<SeenDeposit, 'reopened'>[],
  ): Promise<SeenDeposit[]> {
    const hashes = [...new Set(candidates.map((c) => c.txHash))];
    const earlier = new Map<string, { id: string; status: string; recharge_id: string | null }>();
    for (let i = 0; i < hashes.length; i += 500) {
      const rows = await tx
        .selectFrom('chain_deposits')
        .select(['id', 'tx_hash', 'log_index', 'status', 'recharge_id'])
        .where('network', '=', this.network)
        .where('tx_hash', 'in', hashes.slice(i, i + 500))
        .execute();
      for (const r of rows) earlier.set(`${r.tx_hash}:${toNumber(r.log_index)}`, r);
    }
    const out: SeenDeposit[] = [];
    for (const c of candidates) {
      const before = earlier.get(`${c.txHash}:${c.logIndex}`);
      if (!before) out.push({ ...c, reopened: undefined });
      // Seen and still standing (a repeated step after a crash cannot get here: the cursor moved).
      else if (before.status === 'dropped')
        out.push({ ...c, id: before.id, reopened: { rechargeId: before.recharge_id } });
    }
    return out;
  }
}
