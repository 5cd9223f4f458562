import { z } from 'zod';
import { pageSchema } from './envelope.schemas.ts';
import { MERCHANT_APPLICATION_STATUSES } from './seller.ts';

/** An application to open a store (SPEC §3 "Enterprise": business phone, business e-mail, company proof). */
export const merchantApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The applicant's user name (admins' list). */
  username: z.string(),
  storeName: z.string(),
  businessPhone: z.string(),
  businessEmail: z.string(),
  country: z.string(),
  /** The company proof image (an upload of the applicant). */
  proofUrl: z.string(),
  description: z.string(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  /** Why it was refused; empty otherwise. */
  refuseReason: z.string(),
  /** The store opened on approval. */
  sellerId: z.string().nullable(),
  createTime: z.string(),
  decideTime: z.string().nullable(),
});
export type MerchantApplicationDto = z.infer<typeof merchantApplicationSchema>;

/** The seller's own store, as the store profile page edits it. */
export const sellerStoreSchema = z.object({
  sellerId: z.string(),
  name: z.string(),
  logo: z.string(),
  banner: z.string(),
  description: z.string(),
  country: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  /** 1 open, 0 closed by the platform. */
  status: z.number(),
  createTime: z.string(),
  /** Goods on sale / all goods not removed. */
  onSaleCount: z.number(),
  goodsCount: z.number(),
  followers: z.number(),
  soldNum: z.number(),
  praiseRate: z.string().nullable(),
});
export type SellerStoreDto = z.infer<typeof sellerStoreSchema>;

/** A row of the seller's goods list. */
export const sellerGoodsRowSchema = z.object({
  sellerGoodsId: z.string(),
  name: z.string(),
  imgUrl1: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  /** What a buyer pays now (discount else selling price). */
  price: z.string(),
  sellingPrice: z.string(),
  discountPrice: z.string().nullable(),
  /** The goods' own stock, and the sum over specifications that keep their own. */
  stock: z.number(),
  specStock: z.number(),
  specCount: z.number(),
  soldNum: z.number(),
  /** 1 on sale, 0 off the shelf. */
  status: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SellerGoodsRowDto = z.infer<typeof sellerGoodsRowSchema>;

export const sellerSpecSchema = z.object({
  attrId: z.string(),
  name: z.string(),
  /** Null: the goods' price applies. */
  price: z.string().nullable(),
  /** Null: the specification sells from the goods' stock. */
  stock: z.number().nullable(),
});
export type SellerSpecDto = z.infer<typeof sellerSpecSchema>;

/** One goods as the goods editor loads it. */
export const sellerGoodsDetailSchema = sellerGoodsRowSchema.extend({
  description: z.string(),
  images: z.array(z.string()),
  retailPrice: z.string(),
  originalPrice: z.string(),
  buyMin: z.number(),
  dispatchFee: z.string(),
  distanceFee: z.string(),
  deliveryFee: z.string(),
  specs: z.array(sellerSpecSchema),
  /** The language name and description are written in; null where nobody said. */
  lang: z.string().nullable(),
  /** Name and description in other languages, as the seller entered them. */
  translations: z.array(z.object({ lang: z.string(), name: z.string(), description: z.string() })),
  /** Whether any order was ever placed for it (then it cannot be deleted, only taken off the shelf). */
  ordered: z.boolean(),
});
export type SellerGoodsDetailDto = z.infer<typeof sellerGoodsDetailSchema>;

/** One settled order: what the escrow held, the platform's commission and what the seller received. */
export const settlementSchema = z.object({
  orderId: z.string(),
  serialNo: z.string(),
  gross: z.string(),
  commission: z.string(),
  net: z.string(),
  orderTime: z.string(),
  settleTime: z.string(),
});
export type SettlementDto = z.infer<typeof settlementSchema>;

export const settlementTotalsSchema = z.object({
  count: z.number(),
  gross: z.string(),
  commission: z.string(),
  net: z.string(),
});
export type SettlementTotalsDto = z.infer<typeof settlementTotalsSchema>;

export const settlementsPageSchema = pageSchema(settlementSchema).extend({ totals: settlementTotalsSchema });
export type SettlementsPageDto = z.infer<typeof settlementsPageSchema>;

/** A review of one of the seller's goods. */
export const sellerReviewSchema = z.object({
  evaluationId: z.string(),
  sellerGoodsId: z.string(),
  goodsName: z.string(),
  goodsImg: z.string(),
  userName: z.string(),
  /** 1 good, 2 medium, 3 bad. */
  evaluationType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  content: z.string(),
  imgUrls: z.array(z.string()),
  attrName: z.string(),
  createTime: z.string(),
});
export type SellerReviewDto = z.infer<typeof sellerReviewSchema>;

/** `/api/admin/seller/goods/delete`: whether a row went (goods with orders are removed, not deleted). */
export const goodsDeletedSchema = z.object({ deleted: z.boolean() });
