/**
 * The header search (SPEC §2, §4). An empty keyword warns instead of searching; a search asks
 * `/api/search` (the same keyword as last time reuses the stored answer) and opens the goods results
 * when goods were found, else the store results. On the search pages the box shows their keyword;
 * leaving them clears it; signing in or out resets it. Under the box a panel (a lazy chunk, loaded
 * on first focus) shows suggested goods, "search this store" on store pages, and the history.
 */
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { keywordOf, SEARCH_PATHS } from '../../../lib/catalogue-links.ts';
import { notifyError, showError } from '../../../lib/errors.ts';
import { useLangNavigate } from '../../../lib/nav.tsx';
import { useLocation } from '../../../lib/router/router.tsx';
import { readUser } from '../../../lib/storage.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { noteSearchOwner, remember } from './search-history.ts';

const SearchPanel = lazy(() => import('./search-panel.tsx'));

export function SearchBox({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  const { pathname, search: query } = useLocation();
  const panelId = useId();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const params = new URLSearchParams(query);
  const onSearchPage = (SEARCH_PATHS as readonly string[]).includes(pathname);
  const pageKeyword = onSearchPage ? keywordOf(params.get('k')) : '';
  const storeId = pathname === '/store' ? (params.get('id') ?? params.get('sellerId') ?? '') : '';

  // The box belongs to one user: mounting for another one (sign-in, sign-out) resets the search.
  useState(() => noteSearchOwner(readUser()?.usercode ?? null));

  // On a search page the box shows its keyword; leaving the search pages clears it.
  useEffect(() => {
    setKeyword(onSearchPage ? pageKeyword : '');
  }, [onSearchPage, pageKeyword]);

  const search = async (raw: string) => {
    const value = raw.trim();
    if (!value) {
      notifyError('ENTER_KEYWORD');
      return;
    }
    remember(value);
    setOpen(false);
    setBusy(true);
    try {
      const { resultsPathFor } = await import('./search-run.ts');
      const path = await resultsPathFor(value);
      onDone?.();
      navigate(path);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(keyword);
  };

  // The panel closes when focus or a click lands anywhere outside the search.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  return (
    <search className="search-root" ref={root}>
      <form className="search-box" onSubmit={submit}>
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            if (e.key !== 'ArrowDown') return;
            setOpen(true);
            const first = root.current?.querySelector<HTMLElement>('[data-option]');
            if (first) {
              e.preventDefault();
              first.focus();
            }
          }}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchPlaceholder')}
          aria-expanded={open}
          aria-controls={panelId}
          maxLength={100}
        />
        <button type="submit" className="search-button" disabled={busy} aria-busy={busy || undefined}>
          {t('header.searchButton')}
        </button>
      </form>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel
            id={panelId}
            keyword={keyword.trim()}
            storeId={storeId}
            input={input}
            onSearch={(k) => void search(k)}
            onPick={(path) => {
              setOpen(false);
              onDone?.();
              navigate(path);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </search>
  );
}
