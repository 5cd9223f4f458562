/** A loan's history, oldest first: every state change and every payment (SPEC §4). */
import type { LoanEventDto } from '@mall/contract';
import { isolate } from '../../../lib/bidi.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { Amount } from './amount.tsx';

export function LoanEvents({ events }: { events: LoanEventDto[] }) {
  const { t } = useTranslation('loans');
  return (
    <ol className="loan-events">
      {events.map((e) => (
        <li key={e.id} data-type={e.type} data-testid="loan-event">
          <time className="muted">
            <bdi dir="ltr">{toLocalTime(e.time)}</bdi>
          </time>
          <span className="loan-event-text">
            {t(`myLoan.event.${e.type}`, { seq: e.seq ?? '' })}
            {e.type === 'repayment' && (
              <span className="muted">
                {' '}
                ({e.seq !== null ? t('myLoan.eventInstalment', { seq: e.seq }) : t('myLoan.eventFull')})
              </span>
            )}
            {e.type === 'refused' && e.remark && (
              <span className="loan-event-remark">{t('myLoan.refused', { reason: isolate(e.remark) })}</span>
            )}
          </span>
          {e.amount !== null && <Amount value={e.amount} className="loan-event-amount" />}
        </li>
      ))}
    </ol>
  );
}
