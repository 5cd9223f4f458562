/**
 * Approving a merchant application: the store opens, the applicant becomes a seller and the
 * application is marked approved, with one audit entry holding all three, in one transaction.
 * Either everything happens or nothing does (a second admin approving at the same moment finds it
 * decided).
 */
import type { MerchantApplicationDto } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { AccountsService } from '../../modules/accounts/index.ts';
import type { AuditService } from '../../modules/audit/index.ts';
import type { CatalogueService, SellerCatalogueService } from '../../modules/catalogue/index.ts';
import { auditView, type MerchantsService } from '../../modules/merchants/index.ts';

export interface MerchantFlowDeps {
  db: Executor;
  merchants: MerchantsService;
  seller: SellerCatalogueService;
  catalogue: CatalogueService;
  accounts: AccountsService;
  audit: AuditService;
  clock: Clock;
}

export async function approveMerchant(
  d: MerchantFlowDeps,
  ctx: RequestContext,
  id: string,
): Promise<MerchantApplicationDto> {
  let applicant = '';
  const dto = await inTransaction(d.db, async (tx) => {
    const row = await d.merchants.pendingForDecision(tx, ctx, id);
    applicant = row.userId;
    // Opened meanwhile (another application of theirs, or the demo seeding): one store per user.
    if (await d.seller.ownsStore(row.userId, tx)) throw new AppError('MERCHANT_ALREADY_OPEN');
    const sellerId = await d.seller.openStore(tx, {
      ownerUserId: row.userId,
      name: row.storeName,
      country: row.country,
      description: row.description,
      contactPhone: row.businessPhone,
      contactEmail: row.businessEmail,
    });
    await d.merchants.markApproved(tx, ctx, row, sellerId);
    const roles = await d.accounts.grantRole(tx, row.userId, 'seller');
    await d.audit.record(tx, {
      brand: ctx.brand.key,
      actorId: actorOf(ctx).userId,
      action: 'merchant.approve',
      targetType: 'merchant_application',
      targetId: id,
      before: { ...auditView(row), roles: roles.before },
      after: { ...auditView({ ...row, status: 'approved', sellerId }), roles: roles.after },
    });
    return d.merchants.application(tx, ctx, id);
  });
  // The applicant's cached roles and the catalogue's store lists learn of it in every process.
  await d.accounts.forget(applicant);
  await d.catalogue.invalidate();
  return dto;
}
