/**
 * The operator's dust sweep (issue 26): money a person holds is whole micro-USDT (6 decimals, the
 * token's own unit on chain), but loans scheduled before instalments were whole cents left wallets
 * with amounts below that (0.00287424 USDT after a repaid loan): too small to see on any page or to
 * move. The sweep moves each wallet's part below a micro-USDT into the platform's fees account, one
 * ledger transfer per wallet (kind `dust_writeoff`, on the statement as an adjustment), audited.
 * Idempotent: a transfer's id is the wallet and the time it last changed, so running it twice, or
 * in two processes at once, sweeps once. A wallet whose free amount is below its dust (all of it held
 * for a withdrawal) is left for a later run.
 */
import { formatMoney } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { MICRO_USDT } from '../../core/money-rounding.ts';
import { usernamesInBrand } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';

export interface DustSweepResult {
  wallets: number;
  total: string;
  /** Wallets whose dust is held for a withdrawal now: swept by a later run. */
  skipped: number;
}

export async function sweepDust(
  deps: { db: Executor; ledger: LedgerService; audit: AuditService; clock: Clock },
  brand: string,
  actorId: string,
): Promise<DustSweepResult> {
  // The ledger knows which wallets carry dust, accounts which of their owners are the brand's.
  const dusty = await deps.ledger.walletsWithDust(deps.db);
  const ofBrand = await usernamesInBrand(
    deps.db,
    brand,
    dusty.map((w) => w.ownerId),
  );
  const rows = dusty.filter((w) => ofBrand.has(w.ownerId));
  let wallets = 0;
  let skipped = 0;
  let total = 0n;
  for (const row of rows) {
    const userId = row.ownerId;
    const balance = row.balance;
    const dust = balance % MICRO_USDT;
    try {
      const moved = await inTransaction(deps.db, async (tx) => {
        const result = await deps.ledger.transfer(tx, {
          // The account's last change: two sweeps of one state share the id, a later state gets its own.
          id: `dust:${userId}:${row.updatedAt}`,
          debit: ledgerAccounts.wallet(userId),
          credit: ledgerAccounts.platform('fees'),
          amount: dust,
          kind: 'dust_writeoff',
          memo: 'below one micro-USDT',
        });
        if (result.replayed) return false;
        await deps.audit.record(tx, {
          brand,
          actorId,
          action: 'wallet.dust_sweep',
          targetType: 'user',
          targetId: userId,
          before: { balance: formatMoney(balance) },
          after: { balance: formatMoney(balance - dust), swept: formatMoney(dust) },
        });
        return true;
      });
      if (moved) {
        wallets++;
        total += dust;
      }
    } catch (error) {
      // Held for a withdrawal, or the balance moved since it was read (then the id differs): next run.
      if (error instanceof AppError && ['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_MISMATCH'].includes(error.key)) {
        skipped++;
        continue;
      }
      throw error;
    }
  }
  return { wallets, total: formatMoney(total), skipped };
}
