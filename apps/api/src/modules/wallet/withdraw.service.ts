/**
 * Money going out (issue 5). A withdrawal goes to the user's one bound address, needs the fund
 * password and a one-time form token, and is held on the ledger (amount to the network, fee to the
 * platform) until finance marks it paid with the chain transaction (post) or rejects it (void: the
 * money is free again). The form token is the request's idempotency key: the same token again
 * answers the same withdrawal; with another amount or channel it is IDEMPOTENCY_MISMATCH.
 * One user's withdrawals are decided one at a time (a row lock on PostgreSQL), so daily counts and
 * limits hold exactly under concurrency; the balance check is the ledger's conditional hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type ChainNetwork,
  formatMoney,
  toWireTime,
  type WalletRecordDto,
  type WithdrawFeeDto,
  type WithdrawFormTokenDto,
  type WithdrawOpenDto,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import type { ParamsService } from '../params/index.ts';
import { requireVerification } from '../verification/index.ts';
import { normalizeAddress, normalizeTxHash } from './chain-address.ts';
import { assertNotLoanFunded } from './loan-funds-lock.ts';
import { channelDto, withdrawalRecordDto } from './wallet.dto.ts';
import type { WithdrawalRow } from './wallet.repository.ts';
import { parseAmount, serialNumber, type WalletService } from './wallet.service.ts';
import { type ChannelRow, withdrawFee } from './wallet-channels.ts';

/** Checks a user's fund password (counting wrong entries toward the 3-minute lock) or throws. */
export type FundPasswordCheck = (db: Executor, userId: string, password: string) => Promise<void>;

/** What the accounts module answers for a withdrawal: the fund password, and no business lock. */
export interface WithdrawGuards {
  checkFundPassword: FundPasswordCheck;
  /** Throws USER_LOCKED or BUSINESS_LOCKED (an operator stopped the user's money moving). */
  assertCanTransact(db: Executor, userId: string): Promise<void>;
  /** Throws when the withdrawal is being paid on the chain (flows/chain), so no hand may resolve it. */
  assertManualResolve?(db: Executor, withdrawalId: string): Promise<void>;
  /** Throws WITHDRAW_ADDRESS_REFUSED for a contract or one of our deposit addresses (flows/chain). */
  checkWithdrawAddress?(network: ChainNetwork, address: string): Promise<void>;
}

export const FORM_TOKEN_TTL_MS = 10 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const SHANGHAI_MS = 8 * 3600_000;

/** The Asia/Shanghai calendar day and minute of day of an instant. */
export function shanghaiDay(now: number): { day: string; minute: number } {
  const d = new Date(now + SHANGHAI_MS);
  return { day: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

function minuteOf(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return 0;
  return Math.min(24 * 60, Number(m[1]) * 60 + Number(m[2]));
}

/** Open from `open` to `close` (Shanghai); a close before the open runs past midnight. */
export function withinHours(minute: number, open: string, close: string): boolean {
  const from = minuteOf(open);
  const to = minuteOf(close);
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to;
}

export interface ApplyInput {
  token: string;
  channel: string;
  amount: string | number;
  fundPassword: string;
}

export class WithdrawService {
  /** The message centre's hooks, set by app.ts. */
  notifications?: NotificationEvents;

  constructor(
    private readonly db: Executor,
    private readonly wallet: WalletService,
    private readonly ledger: LedgerService,
    private readonly params: ParamsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly guards: WithdrawGuards,
  ) {}

  private get repo() {
    return this.wallet.repository;
  }

  /** Binds the one withdrawal address (SPEC §5), after checking its checksum and the fund password. */
  async bindAddress(ctx: RequestContext, network: ChainNetwork, rawAddress: string, fundPassword: string) {
    const { userId } = actorOf(ctx);
    const address = normalizeAddress(network, rawAddress);
    if (!address) throw new AppError('WITHDRAW_ADDRESS_FORMAT');
    await requireVerification(this.db, ctx, 'withdraw_address');
    await this.guards.checkWithdrawAddress?.(network, address);
    if (await this.repo.findAddress(this.db, userId)) throw new AppError('WITHDRAW_ADDRESS_ALREADY_BOUND');
    await this.guards.checkFundPassword(this.db, userId, fundPassword);
    const bound = await this.repo.bindAddress(this.db, {
      userId,
      brand: ctx.brand.key,
      network,
      address,
      now: this.clock.now(),
    });
    if (!bound) throw new AppError('WITHDRAW_ADDRESS_ALREADY_BOUND');
    return { network, address };
  }

  async open(ctx: RequestContext): Promise<WithdrawOpenDto> {
    const { userId } = actorOf(ctx);
    const values = await this.params.all(ctx.brand);
    const { day, minute } = shanghaiDay(this.clock.now());
    const [channels, bound, counts, wallet] = await Promise.all([
      this.wallet.channels(ctx.brand.key),
      this.repo.findAddress(this.db, userId),
      this.repo.withdrawalCounts(this.db, userId, day),
      this.wallet.balance(userId),
    ]);
    const usable = channels.filter((c) => c.withdrawEnabled && c.kind === 'chain');
    return {
      open: usable.length > 0 && withinHours(minute, values.withdraw_open_time, values.withdraw_close_time),
      openTime: values.withdraw_open_time,
      closeTime: values.withdraw_close_time,
      dailyCount: Number(values.withdraw_daily_count),
      usedToday: counts.today,
      boundAddress: bound ? { network: bound.network as ChainNetwork, address: bound.address } : null,
      channels: usable.map(channelDto),
      wallet,
    };
  }

  /** A fresh one-time token for the withdrawal form (SPEC §4: fetched right before submitting). */
  async formToken(ctx: RequestContext): Promise<WithdrawFormTokenDto> {
    const { userId } = actorOf(ctx);
    const now = this.clock.now();
    const token = randomBytes(24).toString('base64url');
    await this.repo.deleteExpiredFormTokens(this.db, now);
    await this.repo.insertFormToken(this.db, hashToken(token), userId, now, now + FORM_TOKEN_TTL_MS);
    return { token, expiresAt: toWireTime(now + FORM_TOKEN_TTL_MS) };
  }

  private usableChannel(c: ChannelRow): ChannelRow & { network: ChainNetwork } {
    if (c.kind !== 'chain' || !c.network || !c.withdrawEnabled) throw new AppError('CHANNEL_NOT_OPEN');
    return c as ChannelRow & { network: ChainNetwork };
  }

  async fee(
    ctx: RequestContext,
    code: string,
    rawAmount: string | number | undefined,
  ): Promise<WithdrawFeeDto> {
    const c = this.usableChannel(await this.wallet.channel(ctx.brand.key, code));
    const amount = rawAmount === undefined || rawAmount === '' ? c.withdrawMin : parseAmount(rawAmount, 10);
    const fee = withdrawFee(c, amount);
    const actual = amount > fee ? amount - fee : 0n;
    return {
      channel: c.code,
      amount: formatMoney(amount),
      fee: formatMoney(fee),
      actualAmount: formatMoney(actual),
    };
  }

  private replay(existing: WithdrawalRow, userId: string, channel: string, amount: bigint): WalletRecordDto {
    if (existing.userId !== userId || existing.channelCode !== channel || existing.amount !== amount) {
      throw new AppError('IDEMPOTENCY_MISMATCH');
    }
    return withdrawalRecordDto(existing);
  }

  async apply(ctx: RequestContext, input: ApplyInput): Promise<WalletRecordDto> {
    const { userId } = actorOf(ctx);
    const tokenHash = hashToken(input.token);
    const c = this.usableChannel(await this.wallet.channel(ctx.brand.key, input.channel));
    const amount = parseAmount(input.amount, 10);
    const earlier = await this.repo.findWithdrawalByToken(this.db, tokenHash);
    if (earlier) return this.replay(earlier, userId, c.code, amount);
    const token = await this.repo.findFormToken(this.db, tokenHash);
    const now = this.clock.now();
    if (!token || token.userId !== userId || token.expiresAt <= now) throw new AppError('FORM_TOKEN_INVALID');

    if (amount < c.withdrawMin)
      throw new AppError('WITHDRAW_UNDER_LIMIT', { min: formatMoney(c.withdrawMin) });
    if (amount > c.withdrawMax)
      throw new AppError('WITHDRAW_OVER_LIMIT', { max: formatMoney(c.withdrawMax) });
    const fee = withdrawFee(c, amount);
    if (amount <= fee) throw new AppError('WITHDRAW_UNDER_LIMIT', { min: formatMoney(fee) });
    const values = await this.params.all(ctx.brand);
    const { day, minute } = shanghaiDay(now);
    if (!withinHours(minute, values.withdraw_open_time, values.withdraw_close_time)) {
      throw new AppError('WITHDRAW_OUTSIDE_TIME', {
        open: values.withdraw_open_time,
        close: values.withdraw_close_time,
      });
    }
    await this.guards.assertCanTransact(this.db, userId);
    await requireVerification(this.db, ctx, 'withdraw', amount);
    await this.guards.checkFundPassword(this.db, userId, input.fundPassword);

    return inTransaction(this.db, async (tx) => {
      const bound = await this.repo.lockAddress(tx, userId);
      if (!bound) throw new AppError('WITHDRAW_ADDRESS_NOT_BOUND');
      if (bound.network !== c.network) throw new AppError('CHANNEL_NOT_OPEN');
      const again = await this.repo.findWithdrawalByToken(tx, tokenHash);
      if (again) return this.replay(again, userId, c.code, amount);
      const free = (await this.ledger.balanceOf(tx, ledgerAccounts.wallet(userId))).available;
      await assertNotLoanFunded(this.ledger, tx, values.loan_withdraw_lock_days, userId, amount, free, now);
      const counts = await this.repo.withdrawalCounts(tx, userId, day);
      if (counts.today >= Number(values.withdraw_daily_count)) throw new AppError('WITHDRAW_DAILY_COUNT');
      if (counts.processing >= Number(values.withdraw_max_processing)) {
        throw new AppError('UNFINISHED_RECHARGE_OR_WITHDRAWAL');
      }
      const id = newId();
      const row: WithdrawalRow = {
        id,
        serialNo: serialNumber('W', now),
        brand: ctx.brand.key,
        userId,
        formTokenHash: tokenHash,
        channelCode: c.code,
        network: c.network,
        address: bound.address,
        amount,
        fee,
        actualAmount: amount - fee,
        status: 'processing',
        holdId: `withdraw:${id}`,
        feeHoldId: fee > 0n ? `withdraw-fee:${id}` : null,
        txHash: null,
        remark: null,
        reviewedBy: null,
        reviewedAt: null,
        balanceAfter: 0n,
        day,
        createdAt: now,
      };
      if (!(await this.repo.insertWithdrawal(tx, row))) {
        const raced = await this.repo.findWithdrawalByToken(tx, tokenHash);
        if (raced) return this.replay(raced, userId, c.code, amount);
        throw new AppError('FORM_TOKEN_INVALID');
      }
      const wallet = ledgerAccounts.wallet(userId);
      await this.ledger.hold(tx, {
        id: row.holdId,
        debit: wallet,
        credit: ledgerAccounts.external(c.network),
        amount: row.actualAmount,
        kind: 'withdraw',
        reference: id,
        memo: row.serialNo,
      });
      if (row.feeHoldId) {
        await this.ledger.hold(tx, {
          id: row.feeHoldId,
          debit: wallet,
          credit: ledgerAccounts.platform('fees'),
          amount: fee,
          kind: 'withdraw_fee',
          reference: id,
          memo: row.serialNo,
        });
      }
      const balanceAfter = (await this.ledger.balanceOf(tx, wallet)).available;
      await this.repo.setWithdrawalBalanceAfter(tx, id, balanceAfter);
      return withdrawalRecordDto({ ...row, balanceAfter });
    });
  }

  /** Finance paid it out: the chain transaction's hash, then the holds are posted, once. */
  async markPaid(
    ctx: RequestContext,
    id: string,
    rawTxHash: string,
    remark: string | null,
  ): Promise<WalletRecordDto> {
    const actor = actorOf(ctx);
    return inTransaction(this.db, async (tx) => {
      const row = await this.repo.findWithdrawal(tx, id);
      if (!row || row.brand !== ctx.brand.key) throw new AppError('WITHDRAWAL_NOT_FOUND');
      await this.guards.assertManualResolve?.(tx, id);
      const txHash = normalizeTxHash(row.network as ChainNetwork, rawTxHash);
      if (!txHash) throw new AppError('TX_HASH_FORMAT');
      const now = this.clock.now();
      const resolved = await this.repo.resolveWithdrawal(tx, id, {
        status: 'success',
        txHash,
        remark,
        reviewedBy: actor.userId,
        reviewedAt: now,
      });
      if (!resolved) throw new AppError('TRANSFER_ALREADY_RESOLVED');
      await this.ledger.post(tx, row.holdId);
      if (row.feeHoldId) await this.ledger.post(tx, row.feeHoldId);
      await this.notifications?.withdrawalPaid(tx, row);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'withdrawal.paid',
        targetType: 'withdrawal',
        targetId: id,
        before: { status: row.status },
        after: { status: 'success', txHash, remark },
      });
      return withdrawalRecordDto({ ...row, status: 'success', txHash, remark });
    });
  }

  /** Finance refused it: the holds are voided and the money is free again, once. */
  async reject(ctx: RequestContext, id: string, remark: string): Promise<WalletRecordDto> {
    const actor = actorOf(ctx);
    return inTransaction(this.db, async (tx) => {
      const row = await this.repo.findWithdrawal(tx, id);
      if (!row || row.brand !== ctx.brand.key) throw new AppError('WITHDRAWAL_NOT_FOUND');
      await this.guards.assertManualResolve?.(tx, id);
      const resolved = await this.repo.resolveWithdrawal(tx, id, {
        status: 'fail',
        txHash: null,
        remark,
        reviewedBy: actor.userId,
        reviewedAt: this.clock.now(),
      });
      if (!resolved) throw new AppError('TRANSFER_ALREADY_RESOLVED');
      await this.ledger.void(tx, row.holdId);
      if (row.feeHoldId) await this.ledger.void(tx, row.feeHoldId);
      await this.notifications?.withdrawalRefused(tx, row);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: id,
        before: { status: row.status },
        after: { status: 'fail', remark },
      });
      return withdrawalRecordDto({ ...row, status: 'fail', remark });
    });
  }
}
