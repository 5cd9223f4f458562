/**
 * Input schemas of the orders calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { ORDER_TABS, type OrderTab, PAY_METHODS } from './orders.ts';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { intInput } from './text.inputs.ts';
import { PAGE_SIZES } from './ui-constants.ts';
import { ADMIN_RECORD_SORTS } from './wallet.ts';

const id = z.string().trim().min(1).max(26);

/** A list that may come as JSON, as a JSON string (form posts) or as a comma list. */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return v;
      }
    }
    return text === '' ? [] : text.split(',');
  }, z.array(item).max(max));
}

const tabs = Object.keys(ORDER_TABS) as [OrderTab, ...OrderTab[]];

/** A whole number of items: fractional or negative counts are refused, not rounded. */
const count = intInput(1, 1_000_000);

const text = (max: number) => z.string().trim().min(1).max(max);

/** /api/order/submit */
export const orderSubmitInputSchema = z.object({
  addressId: id,
  items: listOf(
    z.object({
      sellerGoodsId: id,
      checkAttrName: z.string().max(120).optional(),
      attr: z.string().max(120).optional(),
      count,
    }),
    100,
  ),
  remark: z.string().max(200).optional(),
  submitKey: z.string().trim().min(8).max(64),
  quoteKey: z.string().max(20_000).optional(),
});

/** /api/order/quote */
export const orderQuoteInputSchema = z.object({
  items: listOf(
    z.object({
      sellerGoodsId: id,
      checkAttrName: z.string().max(120).optional(),
      attr: z.string().max(120).optional(),
      count,
    }),
    100,
  ),
});

/** /api/pay/order */
export const payOrderInputSchema = z.object({
  orderIds: listOf(id, 50).optional(),
  orderId: id.optional(),
  payMethod: z.enum(PAY_METHODS as [string, ...string[]]).default('balance'),
  fundPassword: z.string().max(64).default(''),
});

/** /api/order/cancel */
export const orderCancelInputSchema = z.object({
  orderId: id,
  reason: intInput(),
  text: z.string().max(200).default(''),
});

/** /api/order/list */
export const orderListInputSchema = z.object({
  ...pageInput(PAGE_SIZES.orders),
  status: z.enum(tabs).default('all'),
  keyword: z.string().max(64).optional(),
});

/** /api/order/count */
export const orderCountInputSchema = z.object({});

/** /api/order/info */
export const orderInfoInputSchema = z.object({ orderId: id });

/** /api/order/goods */
export const orderGoodsInputSchema = z.object({ orderId: id });

/** /api/order/receipt */
export const orderReceiptInputSchema = z.object({ orderId: id });

/** /api/order/remind */
export const orderRemindInputSchema = z.object({ orderId: id });

/** /api/order/returns */
export const orderReturnsInputSchema = z.object({
  orderId: id,
  reason: intInput(),
  amount: z.union([z.string().max(40), z.number()]).optional(),
  remark: z.string().max(500).optional(),
  images: listOf(z.string().max(300), 20).optional(),
});

/** /api/order/evaluation */
export const orderEvaluationInputSchema = z
  .object({
    orderId: id,
    itemId: id.optional(),
    rating: z.union([z.enum(['good', 'medium', 'bad']), intInput(1, 3)]).optional(),
    evaluationType: intInput(1, 3).optional(),
    content: z.string().max(500),
    images: listOf(z.string().max(300), 20).optional(),
  })
  // A rating is the buyer's to give (by either name): none is a missing parameter, not a good one.
  .refine((v) => v.rating !== undefined || v.evaluationType !== undefined, { path: ['rating'] });

/** /api/order/log */
export const orderLogInputSchema = z.object({ orderId: id });

/** /api/admin/orders/list */
export const adminOrdersListInputSchema = z.object({
  ...pageInput(20),
  status: z.enum(tabs).default('all'),
  keyword: z.string().max(64).optional(),
  /** By time placed (default) or total, newest or largest first unless `order=asc`. */
  sort: z.enum(ADMIN_RECORD_SORTS).default('time'),
  order: sortOrder(),
});

/** /api/admin/orders/info */
export const adminOrdersInfoInputSchema = z.object({ orderId: id });

/** /api/admin/orders/confirm */
export const adminOrdersConfirmInputSchema = z.object({ orderId: id });

/** /api/admin/orders/ship */
export const adminOrdersShipInputSchema = z.object({
  orderId: id,
  carrier: text(64),
  trackingNo: text(64),
  content: z.string().max(300).optional(),
  location: z.string().max(120).optional(),
});

/** /api/admin/orders/logistics/add */
export const adminOrdersLogisticsAddInputSchema = z.object({
  orderId: id,
  carrier: text(64),
  trackingNo: text(64),
  content: text(300),
  location: z.string().max(120).optional(),
});

/** /api/admin/orders/refund/approve */
export const adminOrdersRefundApproveInputSchema = z.object({
  orderId: id,
  note: z.string().max(300).default(''),
});

/** /api/admin/orders/refund/refuse */
export const adminOrdersRefundRefuseInputSchema = z.object({ orderId: id, note: text(300) });

/** /api/admin/orders/refund/manual */
export const adminOrdersRefundManualInputSchema = z.object({ orderId: id, note: text(300) });
