/**
 * "Buy again": the order's lines go back into the cart with today's price and minimum from the
 * goods page (a line already in the cart stays as it is; goods gone from the shelf are skipped).
 */
import type { GoodsInfoDto, OrderDto } from '@mall/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { addToCart } from '../../../lib/cart.ts';

export interface BuyAgainResult {
  added: number;
  already: number;
  unavailable: number;
}

export async function buyAgain(order: OrderDto): Promise<BuyAgainResult> {
  const result: BuyAgainResult = { added: 0, already: 0, unavailable: 0 };
  for (const item of order.items) {
    let goods: GoodsInfoDto;
    try {
      goods = await apiCall('/api/sellerGoods/info', {
        method: 'POST',
        body: { sellerGoodsId: item.sellerGoodsId },
      });
    } catch {
      result.unavailable++;
      continue;
    }
    const spec = item.attrName ? goods.specs.find((s) => s.attrName === item.attrName) : undefined;
    if (item.attrName && !spec) {
      result.unavailable++;
      continue;
    }
    const outcome = addToCart({
      sellerGoodsId: item.sellerGoodsId,
      name: goods.name,
      seller: { id: goods.sellerId, name: goods.sellerName },
      price: spec?.price ?? goods.discountPrice ?? goods.price,
      count: Math.max(item.count, goods.buyMin),
      buyMin: goods.buyMin,
      checkAttrName: item.attrName,
      imgUrl1: goods.imgUrl1,
    });
    if (outcome === 'added') result.added++;
    else result.already++;
  }
  return result;
}
