/**
 * /searchGoods?k=<JSON-encoded keyword>: goods whose names contain the keyword (any script, by
 * substring), relevance then sales, with category, price and store filters, sorts and pages. The
 * header search's answer for the same keyword is shown at once (SPEC §4 reuses the cached result).
 */
import type { GoodsCardDto, Page } from '@mall/contract';
import { EmptyState } from '../../components/list-states.tsx';
import { keywordOf } from '../../lib/catalogue-links.ts';
import { readSearchCache } from '../../lib/search-cache.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { useCategoryTree } from './catalogue-queries.ts';
import { GoodsBrowser } from './components/goods-browser.tsx';
import { SearchHead } from './components/search-head.tsx';
import './catalogue.css';

function cachedFirstPage(keyword: string): Page<GoodsCardDto> | undefined {
  const cached = readSearchCache();
  if (cached?.keyword !== keyword) return undefined;
  return {
    pageList: cached.result.goodsList,
    pageInfo: { pageNum: 1, pageSize: 12, total: cached.result.goodsTotal },
  };
}

export default function SearchGoodsPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useUrlParams();
  const keyword = keywordOf(params.get('k'));
  const tree = useCategoryTree();
  if (!keyword)
    return (
      <div className="container catalogue-page">
        <SearchHead keyword="" active="goods" />
        <EmptyState title={t('search.enterKeyword')} />
      </div>
    );
  return (
    <div className="container catalogue-page">
      <GoodsBrowser
        key={keyword}
        base={{ keyword }}
        categoryFilter
        categories={tree.data}
        storeFilter
        initial={cachedFirstPage(keyword)}
      >
        <SearchHead keyword={keyword} active="goods" />
      </GoodsBrowser>
    </div>
  );
}
