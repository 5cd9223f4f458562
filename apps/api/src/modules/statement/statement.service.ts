/**
 * A wallet's statement (issue 26, DESIGN §11): the ledger's transfers of one user's wallet as
 * movements with the balance after each, for any period, filtered by type, a page at a time, and
 * what is held now and by what. The storefront's wallet page, the console's user view and the
 * seller's settlements read this one service.
 */
import { formatMoney, type StatementDto, type StatementQuery } from '@mall/contract';
import { statementQuerySchema } from '@mall/contract/schemas/statement';
import { type ChainExplorers, explorerLink } from '../../config/chain-env.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import { type ChainHash, chainHashesOf } from '../wallet/index.ts';
import { buildStatement, type Movement, movementsOf, type StatementRow } from './statement-build.ts';

export class StatementService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly explorers: ChainExplorers,
  ) {}

  /** The statement of `userId`'s wallet; the caller has checked who may read it. */
  async statement(userId: string, query: StatementQuery): Promise<StatementDto> {
    const q = statementQuerySchema.parse(query);
    const now = this.clock.now();
    const to = Math.min(q.to ?? now + 1, now + 1);
    const from = q.from ?? 0;
    if (from > to) throw new AppError('PARAMETER_ERROR', { field: 'from' });
    const wallet = ledgerAccounts.wallet(userId);
    const [transfers, balance] = await Promise.all([
      this.ledger.statementOf(this.db, wallet, to),
      this.ledger.balanceOf(this.db, wallet),
    ]);
    const movements = movementsOf(transfers);
    const built = buildStatement(movements, from, to);
    const shown = (q.type ? built.rows.filter((r) => r.type === q.type) : built.rows).reverse();
    const start = (q.pageNum - 1) * q.pageSize;
    const page = shown.slice(start, start + q.pageSize);
    const settled = page.filter((r) => r.type === 'settlement' && r.source).map((r) => r.source!.id);
    const commission = await this.ledger.commissionOn(this.db, settled);
    // Chain deposits and payouts show their transaction hash, linked to the network's explorer.
    const sourced = (kind: 'deposit' | 'withdrawal') =>
      page.filter((r) => r.source?.kind === kind).map((r) => r.source!.id);
    const hashes = await chainHashesOf(this.db, sourced('deposit'), sourced('withdrawal'));
    const chainOf = (r: StatementRow) => {
      const found = r.source && hashes.get(r.source.id);
      return found
        ? { ...found, explorerUrl: explorerLink(this.explorers, found.network, found.txHash) }
        : null;
    };
    return {
      currency: 'USDT',
      from,
      to,
      opening: { balance: formatMoney(built.opening.balance), held: formatMoney(built.opening.held) },
      closing: { balance: formatMoney(built.closing.balance), held: formatMoney(built.closing.held) },
      moneyIn: formatMoney(built.moneyIn),
      moneyOut: formatMoney(built.moneyOut),
      balance: formatMoney(balance.balance),
      available: formatMoney(balance.available),
      held: formatMoney(balance.pending),
      holds: holdsNow(movements),
      pageList: page.map((r) => rowDto(r, r.source ? commission.get(r.source.id) : undefined, chainOf(r))),
      pageInfo: { pageNum: q.pageNum, pageSize: q.pageSize, total: shown.length },
    };
  }
}

function rowDto(
  r: StatementRow,
  commission: bigint | undefined,
  chain: (ChainHash & { explorerUrl: string | null }) | null,
): StatementDto['pageList'][number] {
  return {
    id: r.id,
    at: r.at,
    type: r.type,
    kind: r.kind,
    amount: formatMoney(r.amount),
    held: formatMoney(r.held),
    balanceAfter: formatMoney(r.balanceAfter),
    heldAfter: formatMoney(r.heldAfter),
    source: r.source,
    commission: r.type === 'settlement' && commission !== undefined ? formatMoney(commission) : null,
    txHash: chain?.txHash ?? null,
    explorerUrl: chain?.explorerUrl ?? null,
  };
}

/** The holds not yet paid out or returned: what keeps the held amount held. */
function holdsNow(movements: readonly Movement[]): StatementDto['holds'] {
  const open = new Map<string, Movement>();
  for (const m of movements) {
    if (m.type === 'hold') open.set(m.id.slice(0, -'#hold'.length), m);
    else if (m.held < 0n) open.delete(m.id.endsWith('#return') ? m.id.slice(0, -'#return'.length) : m.id);
  }
  return [...open.values()].map((m) => ({
    type: m.kind === 'withdraw_fee' ? 'fee' : 'payout',
    amount: formatMoney(m.held),
    since: m.at,
    source: m.source,
  }));
}
