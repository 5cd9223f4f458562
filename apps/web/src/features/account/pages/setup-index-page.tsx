/** /userInfo/setup/index: every setting with its state and a way in. */

import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useAddresses, useMe } from '../api/account-api.ts';
import { LoadFailed, PageHead, Skeleton } from '../components/page-state.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import '../account-styles.ts';

export default function SetupIndexPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  const addresses = useAddresses();
  const user = me.data;

  if (me.isError && !user) {
    return (
      <div className="account-page">
        <PageHead title={t('setup.title')} />
        <LoadFailed error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }

  const rows: {
    to: string;
    title: string;
    body: string;
    state?: React.ReactNode;
    action: string;
    danger?: boolean;
  }[] = user
    ? [
        {
          to: '/userInfo/setup/login-password',
          title: t('setup.loginPassword'),
          body: t('setup.loginPasswordBody'),
          action: t('setup.change'),
        },
        {
          to: '/userInfo/setup/transaction-password',
          title: t('setup.fundPassword'),
          body: t('setup.fundPasswordBody'),
          state: (
            <span className={`account-badge ${user.fundPasswordSet ? 'is-approved' : 'is-none'}`}>
              {user.fundPasswordSet ? t('setup.set') : t('setup.notSet')}
            </span>
          ),
          action: user.fundPasswordSet ? t('setup.change') : t('setup.setNow'),
        },
        {
          to: '/userInfo/setup/shipping-address',
          title: t('setup.addresses'),
          body: addresses.data
            ? t('setup.addressTotal', { n: addresses.data.length })
            : t('setup.addressesBody'),
          action: t('setup.manage'),
        },
        {
          to: '/userInfo/setup/real-name',
          title: t('verify.realNameTitle'),
          body: t('setup.realNameBody'),
          state: <StatusBadge status={user.realNameStatus} />,
          action:
            user.realNameStatus === 'none' || user.realNameStatus === 'rejected'
              ? t('setup.verify')
              : t('setup.view'),
        },
        {
          to: '/userInfo/setup/c3',
          title: t('verify.c3Title'),
          body: user.realNameStatus === 'approved' ? t('setup.c3Body') : t('verify.c3NeedsRealName'),
          state: <StatusBadge status={user.c3Status} />,
          action: t('setup.view'),
        },
        {
          to: '/userInfo/setup/account-cancellation',
          title: t('setup.cancel'),
          body: t('setup.cancelBody'),
          action: t('setup.cancelAction'),
          danger: true,
        },
      ]
    : [];

  return (
    <div className="account-page">
      <PageHead title={t('setup.title')} />
      {!user ? (
        <Skeleton className="is-list" />
      ) : (
        <ul className="account-panel account-settings">
          {rows.map((row) => (
            <li key={row.to} className={row.danger ? 'is-danger' : undefined}>
              <div className="account-settings-text">
                <h2>
                  {row.title} {row.state}
                </h2>
                <p>{row.body}</p>
              </div>
              <LangLink to={row.to} className={`account-link-button${row.danger ? ' is-danger' : ''}`}>
                {row.action}
                <span className="visually-hidden">: {row.title}</span>
              </LangLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
