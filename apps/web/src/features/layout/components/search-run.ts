/**
 * What a header search does once a keyword is entered (SPEC §4), loaded on the first search so the
 * header stays light: the same keyword as last time reuses the stored answer, otherwise
 * `/api/search` answers and is stored; goods found open the goods results, else the store results.
 */
import type { SearchDto } from '@mall/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { searchGoodsPath, searchStorePath } from '../../../lib/catalogue-links.ts';
import { readSearchCache, writeSearchCache } from '../../../lib/search-cache.ts';

/** The results page for a keyword (goods when any were found, else stores). */
export async function resultsPathFor(keyword: string): Promise<string> {
  const cached = readSearchCache();
  let result: SearchDto;
  if (cached?.keyword === keyword) result = cached.result;
  else {
    result = await apiCall('/api/search', { method: 'GET', params: { keyword } });
    writeSearchCache(keyword, result);
  }
  return result.goodsList.length > 0 ? searchGoodsPath(keyword) : searchStorePath(keyword);
}
