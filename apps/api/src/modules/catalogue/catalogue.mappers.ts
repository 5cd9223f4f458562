/** Rows to the contract's DTOs: money as decimal strings, times as wire times, figures as numbers. */
import {
  type BannerDto,
  formatMoney,
  type GoodsCardDto,
  type GoodsImageDto,
  type SellerCardDto,
  toWireTime,
} from '@mall/contract';
import type { BannerRow, GoodsCardRow, SellerGoodsFigures, SellerRow } from './catalogue.repository.ts';

export function toGoodsCard(r: GoodsCardRow): GoodsCardDto {
  return {
    sellerGoodsId: r.id,
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    categoryId: r.categoryId,
    name: r.name,
    imgUrl1: r.coverUrl,
    price: formatMoney(r.price),
    sellingPrice: formatMoney(r.sellingPrice),
    discountPrice: r.discountPrice === null ? null : formatMoney(r.discountPrice),
    retailPrice: formatMoney(r.retailPrice),
    originalPrice: formatMoney(r.originalPrice),
    soldNum: Number(r.sold),
    buyMin: r.buyMin,
    isNew: r.isNew,
    isHot: r.isHot,
    isRecommend: r.isRecommend,
    isDiscount: r.discountPrice !== null,
  };
}

/** Part over whole in percent with one decimal ("98.2"), half up; null when there is no whole. */
export function percent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const tenths = Math.floor((part * 1000 + whole / 2) / whole);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

export interface SellerFigures {
  followers: number;
  praise: { good: number; total: number };
  goods: SellerGoodsFigures;
}

export function toSellerCard(r: SellerRow, f: SellerFigures): SellerCardDto {
  return {
    sellerId: r.id,
    name: r.name,
    logo: r.logoUrl,
    country: r.country,
    recommend: r.recommend,
    followers: f.followers,
    soldNum: Number(f.goods.sold),
    viewsNum: Number(r.views + f.goods.goodsViews),
    praiseRate: percent(f.praise.good, f.praise.total),
    goodsCount: f.goods.goodsCount,
  };
}

export function toBanner(r: BannerRow): BannerDto {
  return { bannerId: r.id, title: r.title, imgUrl: r.imageUrl, link: r.link, sort: r.sort };
}

export function parseImages(json: string, cover: string): GoodsImageDto[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (Array.isArray(value)) {
      const images = value
        .filter((v): v is { imgUrl: string; zoomImg?: string } => typeof v?.imgUrl === 'string')
        .map((v) => ({ imgUrl: v.imgUrl, zoomImg: typeof v.zoomImg === 'string' ? v.zoomImg : v.imgUrl }));
      if (images.length > 0) return images;
    }
  } catch {
    // A malformed column shows the cover alone rather than failing the page.
  }
  return [{ imgUrl: cover, zoomImg: cover }];
}

export const wireTime = (ms: number) => toWireTime(ms);
