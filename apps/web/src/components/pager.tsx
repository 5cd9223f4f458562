/**
 * Page numbers under a list: previous, a window of pages around the current one with the first and
 * the last, next. Plain buttons (no Mantine), so any list page can use it cheaply.
 */

import { formatCount } from '../lib/format.ts';
import { useTranslation } from '../lib/translator/react.ts';

function windowOf(page: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && p - prev > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('shop');
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      {windowOf(Math.min(page, last), last).map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps sit between known pages
          <span key={`gap${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pager.page', { n: formatCount(p) })}
            onClick={() => onPage(p)}
          >
            <bdi dir="ltr">{formatCount(p)}</bdi>
          </button>
        ),
      )}
      <button type="button" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
