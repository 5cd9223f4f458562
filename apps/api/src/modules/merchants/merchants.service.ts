/**
 * Merchant applications (SPEC /merchantSettled, "Enterprise": business phone, business e-mail,
 * company proof): a signed-in user applies to open a store, one pending application at a time;
 * admins of the brand list them and refuse with a reason here, or approve through the merchants
 * flow (flows/merchants), which opens the store and grants the seller role in one transaction.
 * Every decision writes the audit log in the same transaction.
 */
import {
  isBusinessEmail,
  isBusinessPhone,
  type MerchantApplicationDto,
  type MerchantApplicationStatus,
  type Page,
  toWireTime,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { presentableUrl } from '../../core/storage/private-links.ts';
import type { AuditService } from '../audit/index.ts';
import { requireVerification } from '../verification/index.ts';
import type { ApplicationRow, MerchantsRepository } from './merchants.repository.ts';

/** What the merchants module asks other modules (wired in app.ts). */
export interface MerchantPorts {
  /** The URL of an image the user uploaded, or IMAGE_NOT_FOUND (upload module). */
  ownImageUrl(brand: string, userId: string, ref: string): Promise<string>;
  /** Whether the user already owns a store (catalogue module). */
  ownsStore(userId: string, executor?: Executor): Promise<boolean>;
  /** The user's name (accounts module). */
  userName(userId: string): Promise<string | undefined>;
  /** A country's English name from its ISO code or name, or undefined (geo module). */
  countryName(codeOrName: string): string | undefined;
}

export interface ApplyInput {
  storeName: string;
  businessPhone: string;
  businessEmail: string;
  country: string;
  proof: string;
  description: string;
}

export interface ApplicationQuery extends PageRequest {
  status?: MerchantApplicationStatus | undefined;
  keyword?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export function toApplicationDto(r: ApplicationRow): MerchantApplicationDto {
  return {
    id: r.id,
    userId: r.userId,
    username: r.username,
    storeName: r.storeName,
    businessPhone: r.businessPhone,
    businessEmail: r.businessEmail,
    country: r.country,
    proofUrl: presentableUrl(r.proofUrl),
    description: r.description,
    status: r.status,
    refuseReason: r.refuseReason,
    sellerId: r.sellerId,
    createTime: toWireTime(r.createdAt),
    decideTime: r.decidedAt === null ? null : toWireTime(r.decidedAt),
  };
}

/** What an audit entry keeps of an application. */
export function auditView(r: Pick<ApplicationRow, 'status' | 'storeName' | 'refuseReason' | 'sellerId'>) {
  return { status: r.status, storeName: r.storeName, refuseReason: r.refuseReason, sellerId: r.sellerId };
}

export class MerchantsService {
  constructor(
    private readonly db: Executor,
    readonly repository: MerchantsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly ports: MerchantPorts,
  ) {}

  /** `/api/merchant/apply`: one pending application per user; none once they own a store. */
  async apply(ctx: RequestContext, input: ApplyInput): Promise<MerchantApplicationDto> {
    const { userId } = actorOf(ctx);
    if (!isBusinessPhone(input.businessPhone)) throw new AppError('PHONE_FORMAT');
    if (!isBusinessEmail(input.businessEmail)) throw new AppError('EMAIL_FORMAT');
    const country = this.ports.countryName(input.country);
    if (!country) throw new AppError('COUNTRY_NOT_FOUND');
    await requireVerification(this.db, ctx, 'merchant_apply');
    if (await this.ports.ownsStore(userId)) throw new AppError('MERCHANT_ALREADY_OPEN');
    if (await this.repository.hasPending(userId)) throw new AppError('MERCHANT_APPLICATION_PENDING');
    const proofUrl = await this.ports.ownImageUrl(ctx.brand.key, userId, input.proof);
    const id = newId();
    try {
      await this.repository.insert(this.db, {
        id,
        brand: ctx.brand.key,
        userId,
        username: (await this.ports.userName(userId)) ?? '',
        storeName: input.storeName,
        businessPhone: input.businessPhone,
        businessEmail: input.businessEmail,
        country,
        proofUrl,
        description: input.description,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      // Two applications sent at once: the unique pending slot lets one through.
      if (isUniqueViolation(error)) throw new AppError('MERCHANT_APPLICATION_PENDING');
      throw error;
    }
    return this.application(this.db, ctx, id);
  }

  /** `/api/merchant/application`: the caller's newest application, or null. */
  async own(ctx: RequestContext): Promise<MerchantApplicationDto | null> {
    const row = await this.repository.latestOf(actorOf(ctx).userId);
    return row ? toApplicationDto(row) : null;
  }

  async list(ctx: RequestContext, query: ApplicationQuery): Promise<Page<MerchantApplicationDto>> {
    const { rows, total } = await this.repository.list(
      { brand: ctx.brand.key, status: query.status, keyword: query.keyword, order: query.order },
      query.pageSize,
      offsetOf(query),
    );
    return pageOf(rows.map(toApplicationDto), total, query);
  }

  /**
   * A pending application of the admin's brand that the admin may decide, read on `executor`
   * (locked on PostgreSQL): MERCHANT_APPLICATION_NOT_FOUND for another brand's or an unknown id,
   * MERCHANT_APPLICATION_DECIDED once decided, CANNOT_ACT_ON_SELF for their own.
   */
  async pendingForDecision(executor: Executor, ctx: RequestContext, id: string): Promise<ApplicationRow> {
    const row = await this.repository.findById(executor, id, true);
    if (!row || row.brand !== ctx.brand.key) throw new AppError('MERCHANT_APPLICATION_NOT_FOUND');
    if (row.userId === actorOf(ctx).userId) throw new AppError('CANNOT_ACT_ON_SELF');
    if (row.status !== 'pending') throw new AppError('MERCHANT_APPLICATION_DECIDED');
    return row;
  }

  /** Marks it approved with its store on `executor` (the flow's transaction). */
  async markApproved(
    executor: Executor,
    ctx: RequestContext,
    row: ApplicationRow,
    sellerId: string,
  ): Promise<void> {
    const done = await this.repository.decide(
      executor,
      row.id,
      { status: 'approved', refuseReason: '', sellerId, by: actorOf(ctx).userId },
      this.clock.now(),
    );
    if (!done) throw new AppError('MERCHANT_APPLICATION_DECIDED');
  }

  /** `/api/admin/merchants/refuse`: refused with a reason the applicant sees; audited. */
  async refuse(ctx: RequestContext, id: string, reason: string): Promise<MerchantApplicationDto> {
    return inTransaction(this.db, async (tx) => {
      const row = await this.pendingForDecision(tx, ctx, id);
      const done = await this.repository.decide(
        tx,
        id,
        { status: 'refused', refuseReason: reason, sellerId: null, by: actorOf(ctx).userId },
        this.clock.now(),
      );
      if (!done) throw new AppError('MERCHANT_APPLICATION_DECIDED');
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'merchant.refuse',
        targetType: 'merchant_application',
        targetId: id,
        before: auditView(row),
        after: auditView({ ...row, status: 'refused', refuseReason: reason }),
      });
      return this.application(tx, ctx, id);
    });
  }

  async application(executor: Executor, ctx: RequestContext, id: string): Promise<MerchantApplicationDto> {
    const row = await this.repository.findById(executor, id);
    if (!row || row.brand !== ctx.brand.key) throw new AppError('MERCHANT_APPLICATION_NOT_FOUND');
    return toApplicationDto(row);
  }
}
