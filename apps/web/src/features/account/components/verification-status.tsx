/** What the reviewer decided (or is deciding) about a verification, with what was sent. */
import type { VerificationDto } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { StatusBadge } from './status-badge.tsx';

export function VerificationStatus({ dto }: { dto: VerificationDto }) {
  const { t } = useTranslation('account');
  if (dto.status === 'none') return null;
  const photos = [
    [dto.frontImg, t('verify.front')],
    [dto.backImg, t('verify.back')],
    [dto.handheldImg, t('verify.handheld')],
  ].filter((p): p is [string, string] => Boolean(p[0]));
  return (
    <section
      className={`account-panel account-verify-status is-${dto.status}`}
      aria-labelledby="account-verify-state"
    >
      <h2 id="account-verify-state">
        {t('verify.statusTitle')} <StatusBadge status={dto.status} />
      </h2>
      <p>{t(`verify.statusBody.${dto.status}`)}</p>
      {dto.status === 'rejected' && dto.remark && (
        <p className="account-alert" role="status">
          <strong>{t('verify.reason')}</strong> <bdi>{dto.remark}</bdi>
        </p>
      )}
      <dl className="account-facts">
        {dto.realName && (
          <div>
            <dt>{t('verify.realName')}</dt>
            <dd>
              <bdi>{dto.realName}</bdi>
            </dd>
          </div>
        )}
        {dto.idNumber && (
          <div>
            <dt>{t('verify.idNumber')}</dt>
            <dd>
              <bdi dir="ltr">{dto.idNumber}</bdi>
            </dd>
          </div>
        )}
        {dto.submitTime && (
          <div>
            <dt>{t('verify.submitted')}</dt>
            <dd>
              <bdi dir="ltr">{toLocalTime(dto.submitTime)}</bdi>
            </dd>
          </div>
        )}
        {dto.reviewTime && (
          <div>
            <dt>{t('verify.reviewed')}</dt>
            <dd>
              <bdi dir="ltr">{toLocalTime(dto.reviewTime)}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {photos.length > 0 && (
        <ul className="account-verify-photos">
          {photos.map(([src, label]) => (
            <li key={label}>
              <img src={src} alt={label} loading="lazy" />
              <span>{label}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
