/**
 * What in a run of blocks reaches our deposit addresses: ERC-20 `Transfer` logs (any contract; the
 * configured ones get their symbol and decimals, others `?`) and native transfers. Logs are asked
 * for by block hash and checked to belong to it, so they come from the very block whose parent the
 * watcher verified.
 */
import type { Executor } from '../../core/db/database.ts';
import { newId } from '../../core/ids.ts';
import type { DepositAddresses } from './deposit-addresses.ts';
import type { ChainBlock, EvmRpc, TransferLog } from './evm-rpc.ts';
import type { SeenDeposit, WatchedToken } from './evm-watcher.ts';

export async function transfersToUs(
  rpc: EvmRpc,
  addresses: DepositAddresses,
  db: Executor,
  blocks: readonly ChainBlock[],
  options: { network: string; nativeSymbol: string; tokens: ReadonlyMap<string, WatchedToken> },
): Promise<Omit<SeenDeposit, 'reopened'>[]> {
  const logs: (TransferLog & { blockNumber: bigint })[] = [];
  for (const block of blocks) {
    for (const log of await rpc.transferLogs(block.hash)) {
      if (log.blockHash !== block.hash) throw new Error('node answered logs of another block');
      logs.push({ ...log, blockNumber: block.number });
    }
  }
  const natives = blocks.flatMap((b) =>
    b.transfers.map((t) => ({ ...t, blockNumber: b.number, blockHash: b.hash })),
  );
  const owners = await addresses.owners(db, [...logs.map((l) => l.to), ...natives.map((t) => t.to)]);
  const found: Omit<SeenDeposit, 'reopened'>[] = [];
  for (const log of logs) {
    const owner = owners.get(log.to);
    if (!owner || log.value === 0n) continue;
    const token = options.tokens.get(log.contract);
    found.push({
      id: newId(),
      network: options.network,
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      asset: token?.symbol ?? '?',
      contract: log.contract,
      from: log.from,
      to: log.to,
      owner,
      amountRaw: log.value,
      decimals: token?.decimals ?? null,
    });
  }
  for (const t of natives) {
    const owner = owners.get(t.to);
    if (!owner) continue;
    found.push({
      id: newId(),
      network: options.network,
      txHash: t.hash,
      logIndex: -1,
      blockNumber: t.blockNumber,
      blockHash: t.blockHash,
      asset: options.nativeSymbol,
      contract: null,
      from: t.from,
      to: t.to,
      owner,
      amountRaw: t.value,
      decimals: 18,
    });
  }
  return found;
}
