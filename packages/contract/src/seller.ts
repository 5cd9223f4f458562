/** Limits of the seller's forms; the API refuses anything beyond them. */
export const SELLER_LIMITS = {
  storeNameMax: 64,
  storeDescriptionMax: 2000,
  goodsNameMax: 200,
  goodsDescriptionMax: 5000,
  goodsImagesMax: 10,
  specsMax: 50,
  specNameMax: 64,
  buyMinMax: 10_000,
  /** Most units one stock entry (goods or specification) may hold. */
  stockMax: 10_000_000,
  applicationDescriptionMax: 1000,
  refuseReasonMax: 300,
  phoneMax: 24,
} as const;

/** A business phone: digits with an optional leading +, spaces or hyphens inside; at least 8 digits (SPEC §5). */
export function isBusinessPhone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > SELLER_LIMITS.phoneMax) return false;
  return /^\+?\d[\d -]*\d$/.test(value) && value.replace(/\D/g, '').length >= 8;
}

/** A business e-mail (any mailbox name, unlike sign-up's 6-character rule), at most 64 characters. */
export function isBusinessEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 64 &&
    /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/.test(
      value,
    )
  );
}

export const MERCHANT_APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number];

/** Sort keys of the seller's goods list, each ascending or descending (`order`). */
export const SELLER_GOODS_SORTS = ['created', 'price', 'sold', 'stock'] as const;
export type SellerGoodsSort = (typeof SELLER_GOODS_SORTS)[number];

/**
 * Sort keys of `/api/admin/seller/settlements`, each either way (`order`): when settled (the
 * default, newest first), when ordered, or the gross amount (what the buyer paid, less refunds).
 */
export const SETTLEMENT_SORTS = ['settleTime', 'orderTime', 'gross'] as const;
export type SettlementSort = (typeof SETTLEMENT_SORTS)[number];

/**
 * Sort keys of `/api/admin/seller/reviews`, each either way (`order`): by time (the default,
 * newest first) or by rating, where `order=desc` puts the best (`evaluationType` 1, good) first.
 */
export const SELLER_REVIEW_SORTS = ['time', 'rating'] as const;
export type SellerReviewSort = (typeof SELLER_REVIEW_SORTS)[number];

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './seller.schemas.ts';
