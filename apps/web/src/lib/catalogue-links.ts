/**
 * Storefront paths of the catalogue (SPEC §2): detail and store links keep their ids, search links
 * carry the keyword (`/searchGoods?k=<JSON-encoded keyword>`, `/searchStore?k=<keyword>`). LangLink and
 * useLangNavigate add `lang`.
 */
export const goodsPath = (sellerGoodsId: string) =>
  `/productDetails?sellerGoodsId=${encodeURIComponent(sellerGoodsId)}`;

export const storePath = (sellerId: string, keyword?: string) =>
  `/store?id=${encodeURIComponent(sellerId)}${keyword ? `&k=${encodeURIComponent(keyword)}` : ''}`;

export const categoryPath = (categoryId: string) =>
  `/classification?categoryId=${encodeURIComponent(categoryId)}`;

export const searchGoodsPath = (keyword: string) =>
  `/searchGoods?k=${encodeURIComponent(JSON.stringify(keyword))}`;

export const searchStorePath = (keyword: string) => `/searchStore?k=${encodeURIComponent(keyword)}`;

/** The keyword of a search page's `k`: JSON-encoded on /searchGoods, plain elsewhere; both accepted. */
export function keywordOf(k: string | null): string {
  if (!k) return '';
  if (k.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(k);
      if (typeof parsed === 'string') return parsed.trim();
    } catch {
      // not JSON: the plain keyword
    }
  }
  return k.trim();
}

/** Pages of search results: leaving them clears the header's search box (SPEC §4). */
export const SEARCH_PATHS = ['/searchGoods', '/searchStore', '/searchResult'] as const;
