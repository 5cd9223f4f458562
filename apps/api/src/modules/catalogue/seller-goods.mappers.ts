/** The seller's goods as the console shows them and the audit log keeps them. */
import { formatMoney, type SellerGoodsRowDto, toWireTime } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { CategoryTree } from './category-tree.ts';
import type { GoodsFields, OwnGoodsRow, OwnSpecRow } from './seller.repository.ts';

function specSummary(specs: readonly OwnSpecRow[]) {
  return {
    specCount: specs.length,
    specStock: specs.reduce((n, s) => n + (s.stock ?? 0), 0),
  };
}

/** A row of the seller's goods list. */
export function toSellerGoodsRow(
  row: OwnGoodsRow,
  specs: readonly OwnSpecRow[],
  tree: CategoryTree,
  lang: LanguageCode,
) {
  return {
    sellerGoodsId: row.id,
    name: row.name,
    imgUrl1: row.coverUrl,
    categoryId: row.categoryId,
    categoryName: tree.name(row.categoryId, lang),
    price: formatMoney(row.price),
    sellingPrice: formatMoney(row.sellingPrice),
    discountPrice: row.discountPrice === null ? null : formatMoney(row.discountPrice),
    stock: row.stock,
    ...specSummary(specs),
    soldNum: Number(row.sold),
    status: row.status,
    createTime: toWireTime(row.createdAt),
    updateTime: toWireTime(row.updatedAt),
  } satisfies SellerGoodsRowDto;
}

/** What the audit log keeps of a goods' fields. */
export function goodsAuditView(
  fields: GoodsFields,
  specs: readonly { name: string; price: bigint | null }[],
) {
  return {
    name: fields.name,
    categoryId: fields.categoryId,
    sellingPrice: formatMoney(fields.sellingPrice),
    discountPrice: fields.discountPrice === null ? null : formatMoney(fields.discountPrice),
    images: (JSON.parse(fields.images) as { imgUrl: string }[]).map((i) => i.imgUrl),
    buyMin: fields.buyMin,
    specs: specs.map((s) => ({ name: s.name, price: s.price === null ? null : formatMoney(s.price) })),
  };
}

/** A goods row's editable fields, as a write takes them. */
export function fieldsOfRow(row: OwnGoodsRow): GoodsFields {
  return {
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    coverUrl: row.coverUrl,
    images: row.images,
    sellingPrice: row.sellingPrice,
    discountPrice: row.discountPrice,
    retailPrice: row.retailPrice,
    originalPrice: row.originalPrice,
    buyMin: row.buyMin,
    dispatchFee: row.dispatchFee,
    distanceFee: row.distanceFee,
    deliveryFee: row.deliveryFee,
  };
}
