import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';
import { Price } from '../../../components/price.tsx';
import { apiCall } from '../../../lib/api-client.ts';
import { goodsPath, storePath } from '../../../lib/catalogue-links.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { clearHistory, readHistory } from './search-history.ts';
import './search-panel.css';

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Props {
  id: string;
  keyword: string;
  storeId: string;
  input: RefObject<HTMLInputElement | null>;
  onSearch: (keyword: string) => void;
  onPick: (path: string) => void;
  onClose: () => void;
}

export default function SearchPanel({ id, keyword, storeId, input, onSearch, onPick, onClose }: Props) {
  const { t } = useTranslation(['shop', 'ui']);
  const [history, setHistory] = useState(readHistory);
  const settled = useSettled(keyword, 200);
  const suggestions = useQuery({
    queryKey: ['catalogue', 'suggest', settled],
    queryFn: () => apiCall('/api/search/suggest', { method: 'GET', params: { keyword: settled } }),
    enabled: settled !== '',
    staleTime: 30_000,
  });
  const list = settled && keyword ? (suggestions.data ?? []) : [];

  const clearAll = async () => {
    onClose();
    const ok = await confirmAction({
      title: t('ui:header.clearHistory'),
      body: t('ui:header.clearHistoryConfirm'),
      danger: true,
    });
    if (!ok) return;
    clearHistory();
    setHistory([]);
  };

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      onClose();
      input.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-option]')];
    const at = options.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    event.preventDefault();
    if (next < 0) input.current?.focus();
    else options[Math.min(next, options.length - 1)]?.focus();
  };

  if (!storeId && list.length === 0 && history.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys for the entries inside
    <div className="search-panel" id={id} onKeyDown={move}>
      {storeId && (
        <button
          type="button"
          className="suggest-store"
          data-option
          onClick={() => onPick(storePath(storeId, keyword || undefined))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M4 10h16l-1-5H5zM5 10v9h14v-9M10 19v-5h4v5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {keyword ? t('search.inStore', { keyword }) : t('search.thisStore')}
        </button>
      )}
      {list.length > 0 && (
        <>
          <strong className="suggest-title">{t('search.suggestions')}</strong>
          <ul className="suggest-list">
            {list.map((s) => (
              <li key={s.sellerGoodsId}>
                <button
                  type="button"
                  className="suggest-item"
                  data-option
                  onClick={() => onPick(goodsPath(s.sellerGoodsId))}
                >
                  <img src={s.imgUrl1} alt="" width={36} height={36} loading="lazy" />
                  <span className="suggest-name" dir="auto">
                    {s.name}
                  </span>
                  <Price value={s.price} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {history.length > 0 && (
        <>
          <div className="history-head">
            <strong>{t('ui:header.history')}</strong>
            <button type="button" className="link-button" onClick={() => void clearAll()}>
              {t('ui:header.clearHistory')}
            </button>
          </div>
          <ul className="history-list">
            {history.map((h) => (
              <li key={h}>
                <button type="button" className="link-button" data-option onClick={() => onSearch(h)}>
                  {h}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
