/**
 * The seller's reports (console): settlement history, from the orders the settlement job paid
 * and the ledger transfers it wrote (`commission:<order>`, `settle:<order>`), so the figures are
 * the money that actually moved; and the reviews of the seller's goods. Both only for the
 * caller's own store: another store's rows are never selected.
 */
import {
  formatMoney,
  type Page,
  type Rating,
  type SellerReviewDto,
  type SellerReviewSort,
  type SettlementDto,
  type SettlementSort,
  type SettlementsPageDto,
  toWireTime,
} from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { type PageRequest, pageOf, type SortOrder } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { SellerCatalogueService } from '../../modules/catalogue/index.ts';
import { type LedgerService, ledgerAccounts } from '../../modules/ledger/index.ts';
import type { OrdersService } from '../../modules/orders/index.ts';
import type { ReviewsService } from '../../modules/reviews/index.ts';

export interface SellerReportDeps {
  db: Executor;
  seller: SellerCatalogueService;
  orders: OrdersService;
  ledger: LedgerService;
  reviews: ReviewsService;
}

export async function settlements(
  d: SellerReportDeps,
  ctx: RequestContext,
  { sort, order, ...page }: PageRequest & { sort: SettlementSort; order: SortOrder },
): Promise<SettlementsPageDto> {
  await d.seller.ownStoreId(ctx);
  const { userId } = actorOf(ctx);
  const { rows, total } = await d.orders.settledOfOwner(userId, page, { sort, order });
  const ids = rows.flatMap((o) => [`commission:${o.id}`, `settle:${o.id}`]);
  const amounts = new Map(
    (await d.ledger.findTransfers(d.db, ids))
      .filter((t) => t.status === 'posted')
      .map((t) => [t.id, t.amount]),
  );
  const list = rows.map((o): SettlementDto => {
    const commission = amounts.get(`commission:${o.id}`) ?? 0n;
    const net = amounts.get(`settle:${o.id}`) ?? 0n;
    return {
      orderId: o.id,
      serialNo: o.serialNo,
      gross: formatMoney(commission + net),
      commission: formatMoney(commission),
      net: formatMoney(net),
      orderTime: toWireTime(o.createdAt),
      settleTime: toWireTime(o.settledAt ?? o.createdAt),
    };
  });
  const sums = await d.ledger.settlementTotals(d.db, ledgerAccounts.wallet(userId));
  return {
    ...pageOf(list, total, page),
    totals: {
      count: total,
      gross: formatMoney(sums.net + sums.commission),
      commission: formatMoney(sums.commission),
      net: formatMoney(sums.net),
    },
  };
}

export async function reviews(
  d: SellerReportDeps,
  ctx: RequestContext,
  query: PageRequest & {
    evaluationType?: Rating | undefined;
    hasImage?: boolean | undefined;
    sort: SellerReviewSort;
    order: SortOrder;
  },
): Promise<Page<SellerReviewDto>> {
  const sellerId = await d.seller.ownStoreId(ctx);
  const { rows, total } = await d.reviews.listOfStore(sellerId, query);
  const goods = await d.seller.goodsNames(sellerId, [...new Set(rows.map((r) => r.goodsId))]);
  const list = rows.map(
    (r): SellerReviewDto => ({
      evaluationId: r.id,
      sellerGoodsId: r.goodsId,
      goodsName: goods.get(r.goodsId)?.name ?? '',
      goodsImg: goods.get(r.goodsId)?.cover ?? '',
      userName: r.userName,
      evaluationType: r.rating as Rating,
      content: r.content,
      imgUrls: r.imgUrls,
      attrName: r.attrName,
      createTime: toWireTime(r.createdAt),
    }),
  );
  return pageOf(list, total, query);
}
