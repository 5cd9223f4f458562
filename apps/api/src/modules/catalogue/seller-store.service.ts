/**
 * The seller's own store (console, role `seller`): a seller reaches only the store whose
 * `owner_user_id` is theirs. Every write runs in one transaction with its audit entry, then clears
 * the catalogue's caches in every process so the storefront shows it at once. For the merchants
 * flow: opening a store in its transaction. The goods calls build on this (seller.service.ts).
 */
import { isBusinessEmail, isBusinessPhone, type SellerStoreDto, toWireTime } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { forgetStoreTranslations } from './goods-translations.ts';
import { mediaUrl } from './media.routes.ts';
import type { SellerRepository, StoreFields, StoreRow } from './seller.repository.ts';
import type { NewStore, OrderedGoods, OwnImageUrl, StoreInput } from './seller.types.ts';

/** The monogram a new store's generated logo shows: the first letter or character of its name. */
function monogram(name: string): string {
  return ([...name.trim()][0] ?? 'S').toUpperCase();
}

export class SellerStores {
  constructor(
    protected readonly db: Executor,
    protected readonly repository: SellerRepository,
    protected readonly catalogue: CatalogueService,
    protected readonly audit: AuditService,
    protected readonly clock: Clock,
    protected readonly ownImageUrl: OwnImageUrl,
    protected readonly orderedGoods: OrderedGoods,
  ) {}

  // ---- the store ----

  protected async ownStore(ctx: RequestContext, executor?: Executor): Promise<StoreRow> {
    const store = await this.repository.findStoreByOwner(actorOf(ctx).userId, executor);
    if (!store) throw new AppError('STORE_NOT_OPENED');
    return store;
  }

  /** The caller's store id, or STORE_NOT_OPENED (the seller's reports are scoped by it). */
  async ownStoreId(ctx: RequestContext): Promise<string> {
    return (await this.ownStore(ctx)).id;
  }

  /** Names and covers of the caller's store's goods by id. */
  goodsNames(sellerId: string, ids: readonly string[]) {
    return this.repository.goodsNames(sellerId, ids);
  }

  /** Whether a user already owns a store (a merchant application is then pointless). */
  async ownsStore(userId: string, executor?: Executor): Promise<boolean> {
    return (await this.repository.findStoreByOwner(userId, executor)) !== undefined;
  }

  async store(ctx: RequestContext): Promise<SellerStoreDto> {
    return this.storeDto(await this.ownStore(ctx));
  }

  private async storeDto(store: StoreRow): Promise<SellerStoreDto> {
    const [counts, cards] = await Promise.all([
      this.repository.goodsCounts(store.id),
      this.catalogue.sellerCards([store.id]),
    ]);
    const card = cards.get(store.id);
    return {
      sellerId: store.id,
      name: store.name,
      logo: store.logoUrl,
      banner: store.bannerUrl,
      description: store.description,
      country: store.country,
      contactPhone: store.contactPhone,
      contactEmail: store.contactEmail,
      status: store.status,
      createTime: toWireTime(store.createdAt),
      onSaleCount: counts.onSale,
      goodsCount: counts.all,
      followers: card?.followers ?? 0,
      soldNum: card?.soldNum ?? 0,
      praiseRate: card?.praiseRate ?? null,
    };
  }

  /** An image that is already the store's (or the goods') or one the seller uploaded. */
  protected async image(ctx: RequestContext, ref: string, current: readonly string[]): Promise<string> {
    if (current.includes(ref)) return ref;
    return this.ownImageUrl(ctx.brand.key, actorOf(ctx).userId, ref);
  }

  async updateStore(ctx: RequestContext, input: StoreInput): Promise<SellerStoreDto> {
    if (input.contactPhone !== '' && !isBusinessPhone(input.contactPhone)) throw new AppError('PHONE_FORMAT');
    if (input.contactEmail !== '' && !isBusinessEmail(input.contactEmail)) throw new AppError('EMAIL_FORMAT');
    const before = await this.ownStore(ctx);
    const current = [before.logoUrl, before.bannerUrl];
    const fields: StoreFields = {
      name: input.name,
      logoUrl: await this.image(ctx, input.logo, current),
      bannerUrl: await this.image(ctx, input.banner, current),
      description: input.description,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
    };
    await inTransaction(this.db, async (tx) => {
      await this.repository.updateStore(tx, before.id, fields, this.clock.now());
      // New words of the seller's own: translations of the old ones (the demo's) would mislead, and
      // the store form has no translations of its own; the store is then shown in the seller's words
      // to every buyer, written in the language of this request.
      if (fields.name !== before.name || fields.description !== before.description) {
        await forgetStoreTranslations(tx, before.id, ctx.lang);
      }
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'store.update',
        targetType: 'store',
        targetId: before.id,
        before: {
          name: before.name,
          logoUrl: before.logoUrl,
          bannerUrl: before.bannerUrl,
          description: before.description,
          contactPhone: before.contactPhone,
          contactEmail: before.contactEmail,
        },
        after: fields,
      });
    });
    await this.catalogue.invalidate();
    return this.store(ctx);
  }

  /**
   * Opens a store for a user on `tx` (the merchants flow's transaction): open, not recommended,
   * with a generated logo and banner until the seller uploads their own. Answers its id.
   */
  async openStore(tx: Executor, store: NewStore): Promise<string> {
    const id = newId();
    const seed = id.slice(-8).toLowerCase();
    await this.repository.insertStore(
      tx,
      {
        id,
        ownerUserId: store.ownerUserId,
        name: store.name,
        logoUrl: mediaUrl.logo(seed, monogram(store.name)),
        bannerUrl: mediaUrl.storeBanner(seed),
        description: store.description,
        country: store.country,
        contactPhone: store.contactPhone,
        contactEmail: store.contactEmail,
      },
      this.clock.now(),
    );
    return id;
  }

  /**
   * Demo data: gives each of these users (one per brand) an ownerless store of the generated
   * catalogue, unless they own one already. Answers how many stores changed hands.
   */
  async claimDemoStores(ownerUserIds: readonly string[]): Promise<number> {
    const needing: string[] = [];
    for (const id of ownerUserIds) if (!(await this.ownsStore(id))) needing.push(id);
    if (needing.length === 0) return 0;
    const free = await this.repository.ownerlessStores(needing.length);
    let claimed = 0;
    await inTransaction(this.db, async (tx) => {
      claimed = 0;
      for (const [i, storeId] of free.entries()) {
        const owner = needing[i];
        if (owner && (await this.repository.claimStore(tx, storeId, owner, this.clock.now()))) claimed++;
      }
    });
    if (claimed > 0) await this.catalogue.invalidate();
    return claimed;
  }
}
