/**
 * Money coming in. Chain and bank-card recharges are claims that finance reviews: approved with
 * the amount that really arrived (under- and over-payments stay visible: claimed beside credited)
 * or rejected, each with a reason and an audit entry, exactly once even when two operators act at
 * the same moment. Gateway payments are credited on the gateway's signed notification, once.
 */
import { formatMoney, type GatewayCheckoutDto, type WalletRecordDto } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AuditService } from '../audit/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import type { ParamsService } from '../params/index.ts';
import { luhnValid } from './card-number.ts';
import { normalizeTxHash } from './chain-address.ts';
import type { GatewayAdapter, GatewayNotification } from './gateway.ts';
import { rechargeRecordDto } from './wallet.dto.ts';
import type { RechargeRow } from './wallet.repository.ts';
import { channelOf, parseAmount, serialNumber, type WalletService } from './wallet.service.ts';
import { type ChannelRow, creditFor } from './wallet-channels.ts';

/** Finds the URL of an image the user uploaded (their own, on this brand), or throws IMAGE_NOT_FOUND. */
export type ProofResolver = (brand: string, userId: string, idOrUrl: string) => Promise<string>;

export const GATEWAY_EXPIRE_JOB = 'wallet.gateway-expire';
/** An unpaid gateway payment stops counting as an unfinished recharge after this long. */
export const GATEWAY_PAYMENT_TTL_MS = 30 * 60_000;

export interface ChainRechargeInput {
  channel: string;
  amount: string | number;
  txHash: string;
  proof: string;
}

export interface BankRechargeInput {
  channel: string;
  amount: string | number;
  bankName: string;
  cardNumber: string;
  proof: string;
}

export { luhnValid } from './card-number.ts';

export class RechargeService {
  /** The message centre's hooks, set by app.ts. */
  notifications?: NotificationEvents;

  constructor(
    private readonly db: Executor,
    private readonly wallet: WalletService,
    private readonly ledger: LedgerService,
    private readonly params: ParamsService,
    private readonly audit: AuditService,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
    private readonly resolveProof: ProofResolver,
    private readonly gateway: GatewayAdapter,
  ) {
    jobs.register(GATEWAY_EXPIRE_JOB, async (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id === 'string') await this.expireGatewayPayment(id);
    });
  }

  private get repo() {
    return this.wallet.repository;
  }

  private checkLimits(c: ChannelRow, amount: bigint): void {
    if (amount < c.rechargeMin) throw new AppError('DEPOSIT_UNDER_MIN', { min: formatMoney(c.rechargeMin) });
    if (amount > c.rechargeMax) throw new AppError('DEPOSIT_OVER_MAX', { max: formatMoney(c.rechargeMax) });
  }

  private async checkUnfinished(ctx: RequestContext, userId: string): Promise<void> {
    const values = await this.params.all(ctx.brand);
    const max = Number(values.recharge_max_processing);
    if ((await this.repo.countProcessingRecharges(this.db, userId)) >= max) {
      throw new AppError('UNFINISHED_RECHARGE_OR_WITHDRAWAL');
    }
  }

  private async insert(row: RechargeRow): Promise<WalletRecordDto> {
    try {
      await this.repo.insertRecharge(this.db, row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same user sending the same claim again is a double submit; anyone else is claiming
      // a transaction that is not theirs to claim.
      const mine = row.txHash
        ? await this.repo.findRechargeByTx(this.db, row.network, row.txHash)
        : undefined;
      throw new AppError(mine?.userId === row.userId ? 'DUPLICATE_SUBMISSION' : 'TX_HASH_ALREADY_SUBMITTED');
    }
    return rechargeRecordDto(row);
  }

  private newRow(
    brand: string,
    userId: string,
    c: ChannelRow,
    amount: bigint,
    proofUrl: string | null,
  ): RechargeRow {
    const now = this.clock.now();
    return {
      id: newId(),
      serialNo: serialNumber('R', now),
      brand,
      userId,
      kind: c.kind,
      channelCode: c.code,
      network: c.network,
      coin: c.coin,
      rate: c.rate,
      amountClaimed: amount,
      amountCredited: null,
      txHash: null,
      proofUrl,
      bankName: null,
      cardLast4: null,
      status: 'processing',
      remark: null,
      reviewedBy: null,
      reviewedAt: null,
      transferId: null,
      balanceAfter: null,
      createdAt: now,
    };
  }

  /** A chain deposit claim: the network's channel, the amount sent, the transaction hash, a proof. */
  async submitChain(ctx: RequestContext, input: ChainRechargeInput): Promise<WalletRecordDto> {
    const { userId } = actorOf(ctx);
    const brand = ctx.brand.key;
    if (!input.channel) throw new AppError('SELECT_CURRENCY_FIRST');
    const c = await this.wallet.channel(brand, input.channel);
    if (c.kind !== 'chain' || !c.network || !c.rechargeEnabled) throw new AppError('CHANNEL_NOT_OPEN');
    const amount = parseAmount(input.amount, c.decimals);
    this.checkLimits(c, amount);
    const txHash = normalizeTxHash(c.network, input.txHash);
    if (!txHash) throw new AppError('TX_HASH_FORMAT');
    const proofUrl = await this.resolveProof(brand, userId, input.proof);
    await this.checkUnfinished(ctx, userId);
    return this.insert({ ...this.newRow(brand, userId, c, amount, proofUrl), txHash });
  }

  /** A bank-card transfer claim: bank name, the paying card (only its last four digits are kept). */
  async submitBank(ctx: RequestContext, input: BankRechargeInput): Promise<WalletRecordDto> {
    const { userId } = actorOf(ctx);
    const brand = ctx.brand.key;
    const c = await this.wallet.channel(brand, input.channel);
    if (c.kind !== 'bank' || !c.rechargeEnabled) throw new AppError('CHANNEL_NOT_OPEN');
    const amount = parseAmount(input.amount, c.decimals);
    this.checkLimits(c, amount);
    const bankName = input.bankName.trim();
    if (bankName.length === 0 || bankName.length > 64) throw new AppError('BANK_NAME_REQUIRED');
    const card = input.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) throw new AppError('CARD_NUMBER_FORMAT');
    const proofUrl = await this.resolveProof(brand, userId, input.proof);
    await this.checkUnfinished(ctx, userId);
    return this.insert({
      ...this.newRow(brand, userId, c, amount, proofUrl),
      bankName,
      cardLast4: card.slice(-4),
    });
  }

  /**
   * Finance approves a claim, crediting what actually arrived (in the channel's coin, converted at
   * the rate the claim was made at). Exactly once: a second approval or a rejection racing it gets
   * TRANSFER_ALREADY_RESOLVED and changes nothing.
   */
  async approve(ctx: RequestContext, id: string, received: string, remark: string): Promise<WalletRecordDto> {
    const actor = actorOf(ctx);
    const brand = ctx.brand.key;
    // The channels (their decimals) before the transaction: from the cache, and never a read
    // through the pool while the transaction holds a connection.
    const channels = await this.wallet.channels(brand);
    return inTransaction(this.db, async (tx) => {
      const row = await this.repo.findRecharge(tx, id);
      if (!row || row.brand !== brand || row.kind === 'gateway') throw new AppError('RECHARGE_NOT_FOUND');
      const channel = channelOf(channels, row.channelCode);
      const amountReceived = parseAmount(received, channel.decimals);
      const credited = creditFor(amountReceived, row.rate);
      if (credited <= 0n) throw new AppError('AMOUNT_FORMAT');
      if (row.status !== 'processing') throw new AppError('TRANSFER_ALREADY_RESOLVED');
      const transferId = `recharge:${row.id}`;
      // The transfer first, so that the claim is resolved with the balance it left in one write. A
      // racing approval or rejection still resolves it once: the loser's conditional update finds
      // the claim no longer processing and its whole transaction, transfer included, rolls back.
      const moved = await this.ledger
        .transfer(tx, {
          id: transferId,
          debit: ledgerAccounts.external(row.kind === 'bank' ? 'bank' : (row.network ?? 'chain')),
          credit: ledgerAccounts.wallet(row.userId),
          amount: credited,
          kind: 'recharge',
          reference: row.id,
          memo: row.serialNo,
        })
        .catch((error: unknown) => {
          // The claim's transfer exists with another amount: a racing approval got there first.
          if (error instanceof AppError && error.key === 'IDEMPOTENCY_MISMATCH') {
            throw new AppError('TRANSFER_ALREADY_RESOLVED');
          }
          throw error;
        });
      const resolved = await this.repo.resolveRecharge(tx, id, {
        status: 'success',
        amountCredited: credited,
        remark,
        reviewedBy: actor.userId,
        reviewedAt: this.clock.now(),
        transferId,
        balanceAfter: moved.creditBalanceAfter,
      });
      if (!resolved || moved.replayed) throw new AppError('TRANSFER_ALREADY_RESOLVED');
      await this.notifications?.depositCredited(tx, row, credited);
      const after = {
        ...row,
        status: 'success' as const,
        amountCredited: credited,
        remark,
        balanceAfter: moved.creditBalanceAfter,
      };
      await this.audit.record(tx, {
        brand,
        actorId: actor.userId,
        action: 'recharge.approve',
        targetType: 'recharge',
        targetId: id,
        before: { status: row.status, claimed: formatMoney(row.amountClaimed) },
        after: {
          status: 'success',
          received: formatMoney(amountReceived),
          credited: formatMoney(credited),
          remark,
        },
      });
      return rechargeRecordDto(after);
    });
  }

  async reject(ctx: RequestContext, id: string, remark: string): Promise<WalletRecordDto> {
    const actor = actorOf(ctx);
    const brand = ctx.brand.key;
    return inTransaction(this.db, async (tx) => {
      const row = await this.repo.findRecharge(tx, id);
      if (!row || row.brand !== brand || row.kind === 'gateway') throw new AppError('RECHARGE_NOT_FOUND');
      const resolved = await this.repo.resolveRecharge(tx, id, {
        status: 'fail',
        amountCredited: null,
        remark,
        reviewedBy: actor.userId,
        reviewedAt: this.clock.now(),
        transferId: null,
        balanceAfter: null,
      });
      if (!resolved) throw new AppError('TRANSFER_ALREADY_RESOLVED');
      await this.notifications?.depositRefused(tx, row);
      await this.audit.record(tx, {
        brand,
        actorId: actor.userId,
        action: 'recharge.reject',
        targetType: 'recharge',
        targetId: id,
        before: { status: row.status },
        after: { status: 'fail', remark },
      });
      return rechargeRecordDto({ ...row, status: 'fail', remark });
    });
  }

  // --- payment gateways ----------------------------------------------------------------------------

  /** Starts a gateway payment and answers where the payer pays; credited on the signed notification. */
  async startGatewayPayment(
    ctx: RequestContext,
    code: string,
    rawAmount: string | number,
  ): Promise<GatewayCheckoutDto> {
    const { userId } = actorOf(ctx);
    const brand = ctx.brand.key;
    if (!code) throw new AppError('SELECT_CURRENCY_FIRST');
    const c = await this.wallet.channel(brand, code);
    if (c.kind !== 'gateway' || !c.rechargeEnabled) throw new AppError('CHANNEL_NOT_OPEN');
    const amount = parseAmount(rawAmount, c.decimals);
    this.checkLimits(c, amount);
    await this.checkUnfinished(ctx, userId);
    const row: RechargeRow = { ...this.newRow(brand, userId, c, amount, null), network: 'GATEWAY' };
    await inTransaction(this.db, async (tx) => {
      await this.repo.insertRecharge(tx, row);
      await this.jobs.schedule(tx, {
        type: GATEWAY_EXPIRE_JOB,
        payload: { id: row.id },
        runAt: row.createdAt + GATEWAY_PAYMENT_TTL_MS,
        dedupeKey: `${GATEWAY_EXPIRE_JOB}:${row.id}`,
      });
    });
    return {
      serialNo: row.serialNo,
      payUrl: this.gateway.payUrl(row.id),
      amount: formatMoney(amount),
      coin: c.coin,
      credited: formatMoney(creditFor(amount, c.rate)),
    };
  }

  /** What the sandbox gateway's page shows about a payment. */
  async gatewayPayment(id: string): Promise<RechargeRow | undefined> {
    const row = await this.repo.findRecharge(this.db, id);
    return row?.kind === 'gateway' ? row : undefined;
  }

  /**
   * A gateway's notification. Verified first (a bad signature changes nothing); then a paid payment
   * is credited once, whatever number of times the gateway repeats itself.
   */
  async handleNotification(n: GatewayNotification, signature: string): Promise<{ status: string }> {
    if (!this.gateway.verify(n, signature)) throw new AppError('GATEWAY_SIGNATURE_INVALID');
    return inTransaction(this.db, async (tx) => {
      const row = await this.repo.findRecharge(tx, n.paymentId);
      if (row?.kind !== 'gateway') throw new AppError('RECHARGE_NOT_FOUND');
      const outcome = n.status === 'paid' ? 'success' : 'fail';
      /** Resolved by another delivery or the expiry job: the same outcome again is a repeat. */
      const resolvedElsewhere = async () => {
        const current = await this.repo.findRecharge(tx, row.id);
        if (current?.status === outcome) return { status: outcome };
        throw new AppError('TRANSFER_ALREADY_RESOLVED');
      };
      if (row.status !== 'processing') return resolvedElsewhere();
      const now = this.clock.now();
      if (n.status === 'failed') {
        const resolved = await this.repo.resolveRecharge(tx, row.id, {
          status: 'fail',
          amountCredited: null,
          remark: 'gateway: payment failed',
          reviewedBy: `gateway:${this.gateway.name}`,
          reviewedAt: now,
          transferId: null,
          balanceAfter: null,
        });
        return resolved ? { status: 'fail' } : resolvedElsewhere();
      }
      if (n.coin !== row.coin || n.amount !== formatMoney(row.amountClaimed)) {
        throw new AppError('GATEWAY_AMOUNT_MISMATCH');
      }
      const credited = creditFor(row.amountClaimed, row.rate);
      const transferId = `gateway:${row.id}`;
      // Conditional on `processing`: when a parallel delivery or the expiry got there first (read
      // above before it committed), nothing is credited.
      const resolved = await this.repo.resolveRecharge(tx, row.id, {
        status: 'success',
        amountCredited: credited,
        remark: null,
        reviewedBy: `gateway:${this.gateway.name}`,
        reviewedAt: now,
        transferId,
        balanceAfter: null,
      });
      if (!resolved) return resolvedElsewhere();
      const moved = await this.ledger.transfer(tx, {
        id: transferId,
        debit: ledgerAccounts.external(`gateway-${this.gateway.name}`),
        credit: ledgerAccounts.wallet(row.userId),
        amount: credited,
        kind: 'recharge',
        reference: row.id,
        memo: row.serialNo,
      });
      await tx
        .updateTable('recharge_requests')
        .set({ balance_after: moved.creditBalanceAfter, tx_hash: n.gatewayRef.slice(0, 80) })
        .where('id', '=', row.id)
        .execute();
      return { status: 'success' };
    });
  }

  /** An abandoned gateway payment ends as failed, so it stops blocking new recharges. */
  async expireGatewayPayment(id: string): Promise<void> {
    await this.repo.resolveRecharge(this.db, id, {
      status: 'fail',
      amountCredited: null,
      remark: 'gateway: not paid in time',
      reviewedBy: `gateway:${this.gateway.name}`,
      reviewedAt: this.clock.now(),
      transferId: null,
      balanceAfter: null,
    });
  }
}
