/**
 * The instalments of a quote or a loan: a table on wide screens; below 640 px each instalment is a
 * card whose cells carry their column's name (data-label), so nothing scrolls sideways at 360 px.
 */
import type { LoanInstalmentDto } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { Amount } from './amount.tsx';
import { InstalmentStatusBadge } from './status-badge.tsx';

export function ScheduleTable({
  instalments,
  live = false,
  caption,
}: {
  instalments: LoanInstalmentDto[];
  /** A running loan: statuses, overdue interest and payments are shown. */
  live?: boolean;
  caption?: string;
}) {
  const { t } = useTranslation('loans');
  const late = live && instalments.some((i) => i.overdueInterest !== '0');
  return (
    <div className="loan-schedule">
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('schedule.seq')}</th>
            <th scope="col">{t('schedule.due')}</th>
            <th scope="col">{t('schedule.principal')}</th>
            <th scope="col">{t('schedule.interest')}</th>
            {late && <th scope="col">{t('schedule.overdueInterest')}</th>}
            <th scope="col">{t('schedule.amount')}</th>
            {live ? (
              <th scope="col">{t('schedule.status')}</th>
            ) : (
              <th scope="col">{t('schedule.remaining')}</th>
            )}
          </tr>
        </thead>
        <tbody>
          {instalments.map((i) => (
            <tr key={i.seq} data-status={live ? i.status : undefined} data-testid="loan-instalment">
              <th scope="row" data-label={t('schedule.seq')}>
                <span className="loan-seq">{t('schedule.instalmentN', { seq: i.seq })}</span>
                <span className="loan-seq-short" aria-hidden="true">
                  {i.seq}
                </span>
              </th>
              <td data-label={t('schedule.due')}>
                <span className="loan-due">
                  <bdi dir="ltr" className="loan-nowrap">
                    {toLocalTime(i.dueTime).slice(0, 10)}
                  </bdi>{' '}
                  <span className="muted loan-days">
                    ({t('common.days', { days: i.days, count: i.days })})
                  </span>
                </span>
              </td>
              <td data-label={t('schedule.principal')}>
                <Amount value={i.principal} currency={null} />
              </td>
              <td data-label={t('schedule.interest')}>
                <Amount value={i.interest} currency={null} />
              </td>
              {late && (
                <td data-label={t('schedule.overdueInterest')}>
                  <Amount value={i.overdueInterest} currency={null} />
                </td>
              )}
              <td data-label={t('schedule.amount')} className="loan-strong">
                <Amount value={i.amount} currency={null} />
              </td>
              {live ? (
                <td data-label={t('schedule.status')}>
                  <InstalmentStatusBadge status={i.status} />
                  {i.paidTime && (
                    <span className="muted loan-paid-on">
                      {' '}
                      {t('schedule.paidOn', { time: toLocalTime(i.paidTime).slice(0, 10) })}
                      {/* Paid early in full, or late: what was actually paid for it. */}
                      {i.paidAmount !== i.amount && (
                        <>
                          {' · '}
                          <Amount value={i.paidAmount} currency={null} />
                        </>
                      )}
                    </span>
                  )}
                </td>
              ) : (
                <td data-label={t('schedule.remaining')}>
                  <Amount value={i.remainingPrincipal} currency={null} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
