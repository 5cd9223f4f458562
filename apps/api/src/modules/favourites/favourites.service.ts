/**
 * A user's favourite goods ("keepGoods") and followed stores ("focus seller"). Every call is
 * scoped to the signed-in user: nobody sees or changes another user's lists. Adding twice and
 * removing what is not there both succeed (the client may retry).
 */
import {
  type CountDto,
  type FocusSellerDto,
  type KeepGoodsDto,
  type Page,
  type SellerCardDto,
  toWireTime,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { AudienceSource, CatalogueService } from '../catalogue/index.ts';
import type { FavouritesRepository } from './favourites.repository.ts';

function userOf(ctx: RequestContext): string {
  const userId = ctx.actor?.userId;
  if (!userId) throw new AppError('NOT_LOGGED_IN');
  return userId;
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The catalogue's view of who follows and favourites what. */
export class FavouritesAudience implements AudienceSource {
  constructor(private readonly repository: FavouritesRepository) {}

  followerCounts(sellerIds: readonly string[]): Promise<Map<string, number>> {
    return this.repository.followerCounts(sellerIds);
  }

  keepCount(goodsId: string): Promise<number> {
    return this.repository.countKeepsOfGoods(goodsId);
  }

  isKeeping(userId: string, goodsId: string): Promise<boolean> {
    return this.repository.isKeeping(userId, goodsId);
  }

  isFollowing(userId: string, sellerId: string): Promise<boolean> {
    return this.repository.isFollowing(userId, sellerId);
  }

  async interests(userId: string, limit: number): Promise<{ goodsIds: string[]; sellerIds: string[] }> {
    const [keeps, follows] = await Promise.all([
      this.repository.listKeeps(userId, limit, 0),
      this.repository.listFollows(userId, limit, 0),
    ]);
    return { goodsIds: keeps.map((k) => k.id), sellerIds: follows.map((f) => f.id) };
  }
}

export class FavouritesService {
  constructor(
    private readonly repository: FavouritesRepository,
    private readonly catalogue: CatalogueService,
    private readonly clock: Clock,
  ) {}

  async keepList(ctx: RequestContext, page: PageRequest): Promise<Page<KeepGoodsDto>> {
    const userId = userOf(ctx);
    const [marks, total] = await Promise.all([
      this.repository.listKeeps(userId, page.pageSize, offsetOf(page)),
      this.repository.countKeepsOfUser(userId),
    ]);
    const cards = await this.catalogue.goodsCards(
      marks.map((m) => m.id),
      ctx.lang,
    );
    const list: KeepGoodsDto[] = [];
    for (const mark of marks) {
      const card = cards.get(mark.id);
      if (card) list.push({ ...card, keepTime: toWireTime(mark.at) });
    }
    return pageOf(list, total, page);
  }

  /** Favourites goods that is on sale (PRODUCT_NOT_FOUND, PRODUCT_OFF_SHELF otherwise). */
  async keepAdd(ctx: RequestContext, sellerGoodsId: string): Promise<void> {
    const userId = userOf(ctx);
    await this.catalogue.requireGoods(sellerGoodsId, true);
    try {
      await this.repository.addKeep(userId, sellerGoodsId, this.clock.now());
    } catch (error) {
      // The goods row went away between the check and the insert.
      if (isForeignKeyViolation(error)) throw new AppError('ADD_FAILED');
      throw error;
    }
  }

  async keepDelete(ctx: RequestContext, sellerGoodsIds: readonly string[]): Promise<void> {
    const userId = userOf(ctx);
    await this.repository.deleteKeeps(userId, sellerGoodsIds);
  }

  async keepCount(ctx: RequestContext): Promise<CountDto> {
    return { count: await this.repository.countKeepsOfUser(userOf(ctx)) };
  }

  async followList(ctx: RequestContext, page: PageRequest): Promise<Page<FocusSellerDto>> {
    const userId = userOf(ctx);
    const [marks, total] = await Promise.all([
      this.repository.listFollows(userId, page.pageSize, offsetOf(page)),
      this.repository.countFollowsOfUser(userId),
    ]);
    const cards = await this.catalogue.sellerCards(
      marks.map((m) => m.id),
      ctx.lang,
    );
    const list: FocusSellerDto[] = [];
    for (const mark of marks) {
      const card: SellerCardDto | undefined = cards.get(mark.id);
      if (card) list.push({ ...card, focusTime: toWireTime(mark.at) });
    }
    return pageOf(list, total, page);
  }

  /** Follows an open store (SELLER_NOT_FOUND, STORE_CLOSED otherwise). */
  async followAdd(ctx: RequestContext, sellerId: string): Promise<void> {
    const userId = userOf(ctx);
    await this.catalogue.requireOpenSeller(sellerId);
    try {
      await this.repository.addFollow(userId, sellerId, this.clock.now());
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('ADD_FAILED');
      throw error;
    }
    this.catalogue.sellerFiguresChanged(sellerId);
  }

  async followDelete(ctx: RequestContext, sellerIds: readonly string[]): Promise<void> {
    await this.repository.deleteFollows(userOf(ctx), sellerIds);
    for (const id of sellerIds) this.catalogue.sellerFiguresChanged(id);
  }

  async followCount(ctx: RequestContext): Promise<CountDto> {
    return { count: await this.repository.countFollowsOfUser(userOf(ctx)) };
  }
}
