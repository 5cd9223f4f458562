/**
 * The store filter: type part of a store's name, pick one of the matching stores (up to 10, from
 * `/api/seller/list?keyword=`). The chosen store shows as a chip with a remove button.
 */
import type { Page, SellerCardDto } from '@mall/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { catalogueKeys, fetchSellers } from '../../../lib/catalogue-api.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function StorePicker({
  sellerId,
  sellerName,
  onPick,
}: {
  sellerId: string;
  sellerName: string;
  onPick: (store: { id: string; name: string } | null) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 250);
  const query = { keyword, pageNum: 1, pageSize: 10 };
  const stores = useQuery<Page<SellerCardDto>>({
    queryKey: catalogueKeys.sellers(query),
    queryFn: () => fetchSellers(query),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });

  if (sellerId) {
    return (
      <p className="filter-chip">
        <bdi>{sellerName || t('filters.chosenStore')}</bdi>
        <button
          type="button"
          onClick={() => onPick(null)}
          aria-label={t('filters.removeStore', { name: sellerName || t('filters.chosenStore') })}
        >
          ×
        </button>
      </p>
    );
  }
  return (
    <div className="store-picker">
      <label className="visually-hidden" htmlFor={id}>
        {t('filters.storeName')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={t('filters.storeName')}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
      />
      {keyword && stores.data && (
        <ul className="store-picker-list" aria-label={t('filters.matchingStores')}>
          {stores.data.pageList.length === 0 && <li className="muted">{t('filters.noStore')}</li>}
          {stores.data.pageList.map((s) => (
            <li key={s.sellerId}>
              <button
                type="button"
                className="category-entry"
                onClick={() => {
                  setText('');
                  onPick({ id: s.sellerId, name: s.name });
                }}
              >
                <bdi>{s.name}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
