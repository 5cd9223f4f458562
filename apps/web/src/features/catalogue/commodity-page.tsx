/**
 * /commodity (all products): every goods on sale, or one merchandising list (`type`: new arrivals,
 * hot sales, recommended; the home page's "see all" links), with category, price and store filters,
 * sorts and pages.
 */
import type { GoodsListType } from '@mall/contract';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { useCategoryTree } from './catalogue-queries.ts';
import { GoodsBrowser } from './components/goods-browser.tsx';
import './catalogue.css';

const TYPES: GoodsListType[] = ['all', 'recommend', 'new', 'hot'];

export default function CommodityPage() {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const tree = useCategoryTree();
  const asked = params.get('type') as GoodsListType | null;
  const type: GoodsListType = asked && TYPES.includes(asked) ? asked : 'all';
  return (
    <div className="container catalogue-page">
      <h1 className="page-title">{t(`titles.type.${type}`)}</h1>
      <GoodsBrowser base={{ type }} categoryFilter categories={tree.data} storeFilter>
        <fieldset className="list-tabs">
          <legend className="visually-hidden">{t('titles.lists')}</legend>
          {TYPES.map((k) => (
            <button
              type="button"
              key={k}
              aria-pressed={k === type}
              onClick={() => update({ type: k === 'all' ? null : k, page: null })}
            >
              {t(`titles.type.${k}`)}
            </button>
          ))}
        </fieldset>
      </GoodsBrowser>
    </div>
  );
}
