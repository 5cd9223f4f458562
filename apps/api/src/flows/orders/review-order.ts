/**
 * Reviews of received orders: a rating (good, medium, bad), text and up to nine pictures, for one
 * line or all of them; when every line is reviewed the order is. Days after receipt the system
 * leaves a good review for lines the buyer did not review (SPEC: "default favourable review").
 */
import { LIMITS, ORDER_STATUS, type OrderDto, RATINGS } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { OrderItemRow, OrderRow } from '../../modules/orders/index.ts';
import type { OrderFlowDeps } from './deps.ts';

export interface ReviewInput {
  orderId: string;
  /** good | medium | bad, or the wire numbers 1 | 2 | 3. */
  rating: 'good' | 'medium' | 'bad' | 1 | 2 | 3;
  content: string;
  images?: readonly string[] | undefined;
  /** One line of the order; absent reviews every line not reviewed yet. */
  itemId?: string | undefined;
}

export const DEFAULT_REVIEW_TEXT = 'Default favourable review by the system';

function ratingOf(r: ReviewInput['rating']): 1 | 2 | 3 {
  return typeof r === 'number' ? r : RATINGS[r];
}

async function writeReviews(
  d: OrderFlowDeps,
  tx: Executor,
  order: OrderRow,
  items: OrderItemRow[],
  // The language the buyer wrote in: their page's (the system's default review is English).
  review: { rating: 1 | 2 | 3; content: string; imgUrls: readonly string[]; lang: LanguageCode },
): Promise<void> {
  const user = await d.accounts.userRow(order.userId, tx);
  for (const item of items) {
    await d.reviews.addReview(tx, {
      sellerGoodsId: item.sellerGoodsId,
      orderId: order.id,
      userId: order.userId,
      userName: user?.username ?? 'buyer',
      rating: review.rating,
      content: review.content,
      imgUrls: review.imgUrls,
      attrName: item.attrName,
      lang: review.lang,
    });
  }
  await d.orders.repository.markItemsReviewed(
    tx,
    order.id,
    items.map((i) => i.id),
  );
}

export async function reviewOrder(
  d: OrderFlowDeps,
  ctx: RequestContext,
  input: ReviewInput,
): Promise<OrderDto> {
  const { userId } = actorOf(ctx);
  const images = input.images ?? [];
  if (images.length > LIMITS.reviewImagesMax) throw new AppError('REVIEW_IMAGES_LIMIT');
  const content = input.content.trim();
  if (content.length === 0 || content.length > 500)
    throw new AppError('PARAMETER_ERROR', { field: 'content' });
  const imgUrls: string[] = [];
  for (const image of images) imgUrls.push(await d.uploads.ownImageUrl(ctx.brand.key, userId, image));

  return inTransaction(d.db, async (tx) => {
    const order = await d.orders.ownOrder(tx, userId, input.orderId, true);
    if (order.status === ORDER_STATUS.reviewed) throw new AppError('ORDER_ALREADY_REVIEWED');
    if (order.status !== ORDER_STATUS.received) throw new AppError('ORDER_STATUS_INVALID');
    const items = (await d.orders.repository.items(tx, [order.id])).get(order.id) ?? [];
    const open = items.filter((i) => !i.reviewed && (input.itemId === undefined || i.id === input.itemId));
    if (input.itemId !== undefined && !items.some((i) => i.id === input.itemId))
      throw new AppError('ORDER_NOT_FOUND');
    if (open.length === 0) throw new AppError('ORDER_ALREADY_REVIEWED');
    await writeReviews(d, tx, order, open, {
      rating: ratingOf(input.rating),
      content,
      imgUrls,
      lang: ctx.lang,
    });
    const left = items.filter((i) => !i.reviewed && !open.includes(i));
    const after = left.length === 0 ? await d.state.apply(tx, order, 'review', { actorId: userId }) : order;
    const [dto] = await d.orders.toDtos(ctx.brand, [after], tx);
    return dto!;
  });
}

/** Days after receipt (a durable job): good reviews for the lines left unreviewed. */
export async function reviewByDefault(d: OrderFlowDeps, orderId: string): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    const order = await d.orders.repository.findById(tx, orderId, true);
    if (!order || order.status !== ORDER_STATUS.received) return;
    const items = ((await d.orders.repository.items(tx, [order.id])).get(order.id) ?? []).filter(
      (i) => !i.reviewed,
    );
    await writeReviews(d, tx, order, items, {
      rating: RATINGS.good,
      content: DEFAULT_REVIEW_TEXT,
      imgUrls: [],
      lang: 'en',
    });
    await d.state.apply(tx, order, 'defaultReview', { actorId: null });
  });
}
