/**
 * /credit/myLoan (signed in): the current loan (open, else the latest) with its status, figures,
 * schedule and history; repaying an instalment or everything from the wallet while it runs; and all
 * of the user's loans, 20 a page, each viewable here (`?id=`).
 */
import type { LoanDetailDto } from '@mall/contract';
import { isolate } from '../../lib/bidi.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { HISTORY_PAGE_SIZE, useLoanConfig, useLoanHistory, useLoanInfo, useMyLoan } from './api/loans-api.ts';
import { Amount } from './components/amount.tsx';
import { LoanEvents } from './components/loan-events.tsx';
import { LoanSummary } from './components/loan-summary.tsx';
import { LoadFailed, Skeleton } from './components/page-state.tsx';
import { RepayPanel } from './components/repay-panel.tsx';
import { ScheduleTable } from './components/schedule-table.tsx';
import { LoanStatusBadge } from './components/status-badge.tsx';
import './loans-styles.ts';

function useQuery(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

export default function MyLoanPage() {
  const { t } = useTranslation('loans');
  const query = useQuery();
  const asked = query.get('id');
  const pageParam = Number(query.get('page'));
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const mine = useMyLoan();
  const info = useLoanInfo(asked);
  const source = asked ? info : mine;
  const loan = asked ? info.data : mine.data?.loan;
  return (
    <div className="container loan-page">
      <header className="loan-page-head">
        <h1>{t('title.myLoan')}</h1>
        <LangLink to="/credit">{t('title.landing')}</LangLink>
      </header>
      {source.isPending && <Skeleton height={360} />}
      {source.isError && <LoadFailed onRetry={() => void source.refetch()} />}
      {!source.isPending && !source.isError && !loan && (
        <div className="loan-empty">
          <p>{t('myLoan.none')}</p>
          <LangLink to="/credit/application" className="loan-cta is-primary">
            {t('myLoan.applyCta')}
          </LangLink>
        </div>
      )}
      {loan && <LoanView loan={loan} viewing={asked !== null} canApply={mine.data?.canApply ?? false} />}
      <HistoryList page={page} currentId={loan?.id} />
    </div>
  );
}

function LoanView({ loan, viewing, canApply }: { loan: LoanDetailDto; viewing: boolean; canApply: boolean }) {
  const { t } = useTranslation('loans');
  const config = useLoanConfig();
  const running = loan.status === 'success' || loan.status === 'overdue';
  const disbursed = loan.disburseTime !== null;
  return (
    <>
      <section className="loan-panel" aria-labelledby="loan-current-title" data-testid="loan-current">
        <div className="loan-panel-head">
          <h2 id="loan-current-title">
            {viewing ? t('myLoan.viewing', { serial: loan.serialNo }) : t('myLoan.current')}
          </h2>
          {viewing && <LangLink to="/credit/myLoan">{t('myLoan.backToCurrent')}</LangLink>}
        </div>
        <LoanSummary loan={loan} />
        {loan.status === 'applying' && (
          <p className="loan-note" role="status">
            {t('myLoan.reviewNote', { hours: config.data?.claims.reviewHours ?? 1 })}
          </p>
        )}
        {loan.status === 'failed' && (
          <div className="loan-note is-failed" role="status">
            {loan.refuseReason && <p>{t('myLoan.refused', { reason: isolate(loan.refuseReason) })}</p>}
            {canApply && (
              <LangLink to="/credit/application" className="loan-cta is-primary">
                {t('myLoan.reapply')}
              </LangLink>
            )}
          </div>
        )}
        {loan.status === 'overdue' && (
          <p className="loan-note is-overdue" role="alert">
            {t('myLoan.overdueNote')}
          </p>
        )}
        {loan.status === 'repaid' && (
          <div className="loan-note is-repaid" role="status">
            <p>{t('myLoan.repaidNote')}</p>
            {canApply && !viewing && (
              <LangLink to="/credit/application" className="loan-cta">
                {t('myLoan.applyCta')}
              </LangLink>
            )}
          </div>
        )}
      </section>
      {running && <RepayPanel loan={loan} />}
      <section className="loan-panel" aria-labelledby="loan-schedule-title">
        <h2 id="loan-schedule-title">
          {t('schedule.title')} <span className="muted">(USDT)</span>
        </h2>
        <ScheduleTable instalments={loan.instalments} live={disbursed} />
        {!disbursed && <p className="muted loan-small">{t('calc.estimateNote')}</p>}
      </section>
      <section className="loan-panel" aria-labelledby="loan-events-title">
        <h2 id="loan-events-title">{t('myLoan.events')}</h2>
        <LoanEvents events={loan.events} />
      </section>
    </>
  );
}

function HistoryList({ page, currentId }: { page: number; currentId: string | undefined }) {
  const { t } = useTranslation('loans');
  const history = useLoanHistory(page);
  const total = history.data?.pageInfo.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <section className="loan-panel" aria-labelledby="loan-history-title">
      <h2 id="loan-history-title">{t('myLoan.loans')}</h2>
      {history.isPending && <Skeleton height={96} />}
      {history.isError && <LoadFailed onRetry={() => void history.refetch()} />}
      {history.data && history.data.pageList.length === 0 && <p className="muted">{t('myLoan.noHistory')}</p>}
      {history.data && history.data.pageList.length > 0 && (
        <ul className="loan-history" data-testid="loan-history">
          {history.data.pageList.map((l) => (
            <li key={l.id} data-current={l.id === currentId || undefined}>
              <span className="loan-history-main">
                <Amount value={l.amount} className="loan-strong" />
                <span className="muted">
                  {t('common.days', { days: l.termDays, count: l.termDays })} ·{' '}
                  <bdi dir="ltr">{toLocalTime(l.applyTime).slice(0, 10)}</bdi>
                </span>
              </span>
              <LoanStatusBadge status={l.status} />
              <LangLink to={`/credit/myLoan?id=${encodeURIComponent(l.id)}`} className="loan-view-link">
                {t('myLoan.view')}
                <span className="visually-hidden"> {l.serialNo}</span>
              </LangLink>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="loan-pager" aria-label={t('myLoan.pager')}>
          {page > 1 ? (
            <LangLink to={`/credit/myLoan?page=${page - 1}`}>{t('myLoan.previous')}</LangLink>
          ) : (
            <span />
          )}
          <span className="muted">{t('myLoan.page', { page, pages })}</span>
          {page < pages ? (
            <LangLink to={`/credit/myLoan?page=${page + 1}`}>{t('myLoan.next')}</LangLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
