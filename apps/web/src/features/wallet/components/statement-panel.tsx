/**
 * The statement on /userInfo/money-package: the period's opening balance, money in and out, the
 * closing balance (opening + in − out = closing, shown), every movement with its balance after and
 * source, filtered by type and period, and a CSV export of the same. Filters live in the URL
 * (`stype`, `sfrom`, `sto` as yyyy-mm-dd, `spage`).
 */
import type { StatementType } from '@mall/contract';
import { Pagination } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { showError } from '../../../lib/errors.ts';
import { activeLanguage } from '../../../lib/language.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import {
  fetchWholeStatement,
  STATEMENT_FILTER_TYPES,
  STATEMENT_PAGE,
  type StatementFilter,
  useStatement,
} from '../api/statement-api.ts';
import { useQueryParams } from '../hooks/use-query-params.ts';
import { statementCsv } from '../lib/statement-csv.ts';
import { Amount } from './amount.tsx';
import { StatementRow } from './statement-row.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Local midnight of a yyyy-mm-dd day, in ms; undefined for anything else. */
function dayStart(text: string | null, plusDays = 0): number | undefined {
  if (!text || !DAY.test(text)) return undefined;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const ms = new Date(y, m - 1, d + plusDays).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

export function StatementPanel() {
  const { t } = useTranslation('statement');
  const [params, update] = useQueryParams();
  const askedType = params.get('stype');
  const type = STATEMENT_FILTER_TYPES.includes(askedType as StatementType)
    ? (askedType as StatementType)
    : undefined;
  const fromDay = params.get('sfrom') ?? '';
  const toDay = params.get('sto') ?? '';
  const filter: StatementFilter = useMemo(
    () => ({ type, from: dayStart(fromDay), to: dayStart(toDay, 1) }),
    [type, fromDay, toDay],
  );
  const pageParam = Number(params.get('spage'));
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const statement = useStatement(filter, page);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    if (statement.error) showError(statement.error);
  }, [statement.error]);

  const time = useMemo(() => {
    const f = new Intl.DateTimeFormat(activeLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
    return (ms: number) => f.format(ms);
  }, []);
  const onExport = useCallback(async () => {
    setExporting(true);
    try {
      const whole = await fetchWholeStatement(filter);
      const csv = statementCsv(whole, {
        header: [
          t('csv.time'),
          t('csv.type'),
          t('csv.amount'),
          t('csv.held'),
          t('csv.balance'),
          t('csv.heldAfter'),
          t('csv.source'),
        ],
        opening: t('opening'),
        closing: t('closing'),
        type: (row) => t(`type.${row.type}`),
        time: (ms) => new Date(ms).toISOString(),
      });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `statement-${fromDay || 'start'}-${toDay || 'today'}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  }, [filter, fromDay, toDay, t]);

  const data = statement.data;
  const pages = Math.max(1, Math.ceil((data?.pageInfo.total ?? 0) / STATEMENT_PAGE));
  return (
    <section
      className="wallet-panel statement"
      aria-labelledby="statement-title"
      aria-busy={statement.isFetching}
    >
      <div className="statement-head">
        <h2 id="statement-title">{t('title')}</h2>
        <button
          type="button"
          className="wallet-action"
          onClick={() => void onExport()}
          disabled={exporting || !data}
        >
          {exporting ? t('exporting') : t('export')}
        </button>
      </div>
      <form className="statement-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          <span className="wallet-label">{t('filter.type')}</span>
          <select
            value={type ?? ''}
            onChange={(e) => update({ stype: e.target.value || null, spage: null })}
            data-testid="statement-type"
          >
            <option value="">{t('filter.allTypes')}</option>
            {STATEMENT_FILTER_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`type.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="wallet-label">{t('filter.from')}</span>
          <input
            type="date"
            value={fromDay}
            max={toDay || undefined}
            onChange={(e) => update({ sfrom: e.target.value || null, spage: null })}
          />
        </label>
        <label>
          <span className="wallet-label">{t('filter.to')}</span>
          <input
            type="date"
            value={toDay}
            min={fromDay || undefined}
            onChange={(e) => update({ sto: e.target.value || null, spage: null })}
          />
        </label>
      </form>
      {data && (
        <dl className="statement-summary" data-testid="statement-summary">
          <div>
            <dt>{t('opening')}</dt>
            <dd>
              <Amount value={data.opening.balance} currency="USDT" />
            </dd>
          </div>
          <div>
            <dt>{t('moneyIn')}</dt>
            <dd>
              <Amount value={data.moneyIn} currency="USDT" className="is-in" />
            </dd>
          </div>
          <div>
            <dt>{t('moneyOut')}</dt>
            <dd>
              <Amount value={data.moneyOut} currency="USDT" className="is-out" />
            </dd>
          </div>
          <div>
            <dt>{t('closing')}</dt>
            <dd data-testid="statement-closing">
              <Amount value={data.closing.balance} currency="USDT" />
            </dd>
          </div>
        </dl>
      )}
      {data && <p className="muted statement-rule">{t('rule')}</p>}
      {statement.isPending && <p className="muted">{t('loading')}</p>}
      {statement.isError && !data && (
        <button type="button" className="wallet-text-button" onClick={() => void statement.refetch()}>
          {t('retry')}
        </button>
      )}
      {data && data.pageList.length === 0 && <p className="wallet-empty">{t('empty')}</p>}
      {data && data.pageList.length > 0 && (
        <ol className="statement-rows">
          {data.pageList.map((row) => (
            <StatementRow key={row.id} row={row} time={time} />
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav className="wallet-pager" aria-label={t('pages')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => update({ spage: p > 1 ? String(p) : null })}
            siblings={1}
            boundaries={1}
            size="sm"
          />
        </nav>
      )}
    </section>
  );
}
