/**
 * The seller's side of the back office (issue 9): merchant applications from /merchantSettled,
 * the seller's own store and goods, settlements and reviews. Types and constants only.
 * Money is a decimal string, times are wire times (`YYYY-MM-DD HH:mm:ss`, Shanghai).
 */
import type { Page } from './envelope.ts';

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

/** An application to open a store (SPEC §3 "Enterprise": business phone, business e-mail, company proof). */
export interface MerchantApplicationDto {
  id: string;
  userId: string;
  /** The applicant's user name (admins' list). */
  username: string;
  storeName: string;
  businessPhone: string;
  businessEmail: string;
  country: string;
  /** The company proof image (an upload of the applicant). */
  proofUrl: string;
  description: string;
  status: MerchantApplicationStatus;
  /** Why it was refused; empty otherwise. */
  refuseReason: string;
  /** The store opened on approval. */
  sellerId: string | null;
  createTime: string;
  decideTime: string | null;
}

/** Sort keys of the seller's goods list, each ascending or descending (`order`). */
export const SELLER_GOODS_SORTS = ['created', 'price', 'sold', 'stock'] as const;
export type SellerGoodsSort = (typeof SELLER_GOODS_SORTS)[number];

/** The seller's own store, as the store profile page edits it. */
export interface SellerStoreDto {
  sellerId: string;
  name: string;
  logo: string;
  banner: string;
  description: string;
  country: string;
  contactPhone: string;
  contactEmail: string;
  /** 1 open, 0 closed by the platform. */
  status: number;
  createTime: string;
  /** Goods on sale / all goods not removed. */
  onSaleCount: number;
  goodsCount: number;
  followers: number;
  soldNum: number;
  praiseRate: string | null;
}

/** A row of the seller's goods list. */
export interface SellerGoodsRowDto {
  sellerGoodsId: string;
  name: string;
  imgUrl1: string;
  categoryId: string;
  categoryName: string;
  /** What a buyer pays now (discount else selling price). */
  price: string;
  sellingPrice: string;
  discountPrice: string | null;
  /** The goods' own stock, and the sum over specifications that keep their own. */
  stock: number;
  specStock: number;
  specCount: number;
  soldNum: number;
  /** 1 on sale, 0 off the shelf. */
  status: number;
  createTime: string;
  updateTime: string;
}

export interface SellerSpecDto {
  attrId: string;
  name: string;
  /** Null: the goods' price applies. */
  price: string | null;
  /** Null: the specification sells from the goods' stock. */
  stock: number | null;
}

/** One goods as the goods editor loads it. */
export interface SellerGoodsDetailDto extends SellerGoodsRowDto {
  description: string;
  images: string[];
  retailPrice: string;
  originalPrice: string;
  buyMin: number;
  dispatchFee: string;
  distanceFee: string;
  deliveryFee: string;
  specs: SellerSpecDto[];
  /** Whether any order was ever placed for it (then it cannot be deleted, only taken off the shelf). */
  ordered: boolean;
}

/** One settled order: what the escrow held, the platform's commission and what the seller received. */
export interface SettlementDto {
  orderId: string;
  serialNo: string;
  gross: string;
  commission: string;
  net: string;
  orderTime: string;
  settleTime: string;
}

export interface SettlementTotalsDto {
  count: number;
  gross: string;
  commission: string;
  net: string;
}

export type SettlementsPageDto = Page<SettlementDto> & { totals: SettlementTotalsDto };

/**
 * Sort keys of `/api/admin/seller/settlements`, each either way (`order`): when settled (the
 * default, newest first), when ordered, or the gross amount (what the buyer paid, less refunds).
 */
export const SETTLEMENT_SORTS = ['settleTime', 'orderTime', 'gross'] as const;
export type SettlementSort = (typeof SETTLEMENT_SORTS)[number];

/** A review of one of the seller's goods. */
export interface SellerReviewDto {
  evaluationId: string;
  sellerGoodsId: string;
  goodsName: string;
  goodsImg: string;
  userName: string;
  /** 1 good, 2 medium, 3 bad. */
  evaluationType: 1 | 2 | 3;
  content: string;
  imgUrls: string[];
  attrName: string;
  createTime: string;
}

/**
 * Sort keys of `/api/admin/seller/reviews`, each either way (`order`): by time (the default,
 * newest first) or by rating, where `order=desc` puts the best (`evaluationType` 1, good) first.
 */
export const SELLER_REVIEW_SORTS = ['time', 'rating'] as const;
export type SellerReviewSort = (typeof SELLER_REVIEW_SORTS)[number];
