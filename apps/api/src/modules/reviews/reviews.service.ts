/**
 * Buyers' reviews: the product page's list and good/medium/bad counts, the figures the catalogue
 * shows (favourable and praise rates, computed from these rows), and `addReview` for the orders
 * flow, which runs it inside its own transaction.
 */
import {
  LIMITS,
  type Page,
  RATINGS,
  type Rating,
  type ReviewCountsDto,
  type ReviewDto,
  type SellerReviewSort,
  toWireTime,
} from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf, type SortOrder } from '../../core/http/paging.ts';
import { newId } from '../../core/ids.ts';
import type { CatalogueService, RatingSource } from '../catalogue/index.ts';
import type { RatingCounts, ReviewRow, ReviewsRepository } from './reviews.repository.ts';

export const REVIEW_CONTENT_MAX = 500;
const IMAGE_URL_MAX = 512;

/** A review's content in `lang`: its translation, or its own words marked with their language. */
function contentIn(r: ReviewRow, lang: LanguageCode): Pick<ReviewDto, 'content' | 'originalLang'> {
  if (r.content === '' || r.lang === lang) return { content: r.content };
  if (r.translations) {
    try {
      const said = (JSON.parse(r.translations) as Record<string, unknown>)[lang];
      if (typeof said === 'string') return { content: said };
    } catch {
      // A malformed column shows the original rather than failing the page.
    }
  }
  return { content: r.content, originalLang: r.lang };
}

export interface NewReview {
  sellerGoodsId: string;
  /** The order the goods was bought in; one review per order line. */
  orderId: string;
  userId: string;
  /** Shown masked ("j***n"). */
  userName: string;
  rating: Rating;
  content: string;
  imgUrls: readonly string[];
  /** The specification bought (`checkAttrName`), empty for none. */
  attrName?: string;
  /** The language the content is written in, when known. */
  lang?: LanguageCode;
}

export interface ReviewQuery extends PageRequest {
  sellerGoodsId?: string | undefined;
  sellerId?: string | undefined;
  evaluationType?: Rating | undefined;
  hasImage?: boolean | undefined;
}

/** "jonathan" → "j***n"; one character → "j***". */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

function parseUrls(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toCounts(c: RatingCounts): ReviewCountsDto {
  const total = c.good + c.medium + c.bad;
  let favourableRate: string | null = null;
  if (total > 0) {
    const tenths = Math.floor((c.good * 1000 + total / 2) / total);
    favourableRate = `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  return { good: c.good, medium: c.medium, bad: c.bad, total, withImages: c.withImages, favourableRate };
}

/** The catalogue's view of review figures. */
export class ReviewRatings implements RatingSource {
  constructor(private readonly repository: ReviewsRepository) {}

  async goodsCounts(goodsId: string): Promise<ReviewCountsDto> {
    return toCounts(await this.repository.countsOfGoods(goodsId));
  }

  sellerPraise(sellerIds: readonly string[]): Promise<Map<string, { good: number; total: number }>> {
    return this.repository.praiseOfSellers(sellerIds);
  }
}

export class ReviewsService {
  constructor(
    private readonly repository: ReviewsRepository,
    private readonly catalogue: CatalogueService,
    private readonly clock: Clock,
  ) {}

  /**
   * `/api/evaluation/list`: a goods' (or a store's) reviews, newest first, each in `lang` where it
   * has a translation; else the reviewer's words, with the language they are in (`originalLang`).
   */
  async list(query: ReviewQuery, lang?: LanguageCode): Promise<Page<ReviewDto>> {
    if (query.sellerGoodsId === undefined && query.sellerId === undefined) {
      throw new AppError('MISSING_PARAMETER', { field: 'sellerGoodsId' });
    }
    if (query.sellerGoodsId !== undefined) await this.catalogue.requireGoods(query.sellerGoodsId, false);
    else if (query.sellerId !== undefined) await this.catalogue.requireOpenSeller(query.sellerId);
    const { rows, total } = await this.repository.list(
      {
        goodsId: query.sellerGoodsId,
        sellerId: query.sellerGoodsId === undefined ? query.sellerId : undefined,
        rating: query.evaluationType,
        withImages: query.hasImage,
      },
      query.pageSize,
      offsetOf(query),
    );
    const list = rows.map(
      (r): ReviewDto => ({
        evaluationId: r.id,
        sellerGoodsId: r.goodsId,
        userName: maskName(r.userName),
        evaluationType: r.rating as Rating,
        imgUrls: parseUrls(r.images),
        attrName: r.attrName,
        createTime: toWireTime(r.createdAt),
        ...(lang ? contentIn(r, lang) : { content: r.content }),
      }),
    );
    return pageOf(list, total, query);
  }

  /**
   * A store's reviews for its seller (console), newest first unless sorted otherwise, whether or
   * not the store is open; names masked as buyers see them.
   */
  async listOfStore(
    sellerId: string,
    query: PageRequest & {
      evaluationType?: Rating | undefined;
      hasImage?: boolean | undefined;
      sort?: SellerReviewSort | undefined;
      order?: SortOrder | undefined;
    },
  ) {
    const { rows, total } = await this.repository.list(
      { sellerId, rating: query.evaluationType, withImages: query.hasImage },
      query.pageSize,
      offsetOf(query),
      { by: query.sort ?? 'time', order: query.order ?? 'desc' },
    );
    return {
      total,
      rows: rows.map((r) => ({ ...r, userName: maskName(r.userName), imgUrls: parseUrls(r.images) })),
    };
  }

  /** `/api/evaluation/type/count`: good, medium and bad counts of a goods. */
  async typeCount(sellerGoodsId: string): Promise<ReviewCountsDto> {
    await this.catalogue.requireGoods(sellerGoodsId, false);
    return toCounts(await this.repository.countsOfGoods(sellerGoodsId));
  }

  /**
   * Writes one review of an order line on `executor` (the orders flow's transaction). Rating
   * good/medium/bad, at most 500 characters and 9 images; once per order line (ALREADY_REVIEWED).
   */
  async addReview(executor: Executor, review: NewReview): Promise<string> {
    if (!Object.values(RATINGS).includes(review.rating))
      throw new AppError('PARAMETER_ERROR', { field: 'rating' });
    if (typeof review.content !== 'string' || [...review.content].length > REVIEW_CONTENT_MAX) {
      throw new AppError('PARAMETER_ERROR', { field: 'content' });
    }
    if (
      !Array.isArray(review.imgUrls) ||
      review.imgUrls.length > LIMITS.reviewImagesMax ||
      review.imgUrls.some((u) => typeof u !== 'string' || u.length === 0 || u.length > IMAGE_URL_MAX)
    ) {
      throw new AppError('PARAMETER_ERROR', { field: 'imgUrls' });
    }
    if (!review.orderId || !review.userId) throw new AppError('MISSING_PARAMETER', { field: 'orderId' });
    const attrName = review.attrName?.trim() ?? '';
    const { sellerId } = await this.catalogue.requireGoods(review.sellerGoodsId, false, executor);
    if (await this.repository.existsForOrderLine(executor, review.orderId, review.sellerGoodsId, attrName)) {
      throw new AppError('ALREADY_REVIEWED');
    }
    const id = newId();
    try {
      await this.repository.insert(executor, {
        id,
        goodsId: review.sellerGoodsId,
        sellerId,
        orderId: review.orderId,
        userId: review.userId,
        userName: review.userName.trim().slice(0, 64) || '***',
        rating: review.rating,
        content: review.content.trim(),
        images: review.imgUrls,
        attrName,
        createdAt: this.clock.now(),
        lang: review.lang ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ALREADY_REVIEWED');
      throw error;
    }
    return id;
  }
}
