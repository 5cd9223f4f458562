/**
 * /userInfo/dashboard: the profile (avatar to change, user name, user code to invite others,
 * contact), the wallet balance, order counts per status as shortcuts into the orders list, and
 * shortcuts to favourites, followed stores, addresses, settings and verification.
 */
import type { OrderCountsDto, VerificationStatus } from '@mall/contract';
import { useState } from 'react';
import { withCurrency } from '../../../lib/currency.ts';
import { formatMoney } from '../../../lib/money-text.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { useBalance, useMe, useOrderCounts } from '../api/account-api.ts';
import { AvatarPicker } from '../components/avatar-picker.tsx';
import { LoadFailed, PageHead, Skeleton } from '../components/page-state.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { formatPhone } from '../lib/format.ts';
import '../account-styles.ts';

/** The order tabs shown as shortcuts, with the orders page's tab names (`/api/order/count` keys). */
const ORDER_SHORTCUTS: (keyof OrderCountsDto)[] = ['pay', 'ship', 'receive', 'review', 'refund'];

export default function DashboardPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  const [picking, setPicking] = useState(false);
  const user = me.data;

  return (
    <div className="account-page">
      <PageHead title={t('dashboard.title')} />
      {me.isError && !user ? (
        <LoadFailed error={me.error} onRetry={() => void me.refetch()} />
      ) : !user ? (
        <Skeleton className="is-profile" />
      ) : (
        <section className="account-panel account-profile" aria-label={t('dashboard.profile')}>
          <button
            type="button"
            className="account-avatar-button"
            onClick={() => setPicking(true)}
            aria-label={t('dashboard.changeAvatar')}
            title={t('dashboard.changeAvatar')}
          >
            <UserAvatar n={user.avatar} size={72} />
            <span className="account-avatar-edit" aria-hidden="true">
              ✎
            </span>
          </button>
          <div className="account-profile-main">
            <p className="account-profile-name">
              <bdi>{user.username}</bdi>
            </p>
            <dl className="account-facts">
              <div>
                <dt>{t('dashboard.userCode')}</dt>
                <dd>
                  <bdi dir="ltr" className="account-code" data-testid="usercode">
                    {user.usercode}
                  </bdi>
                  <span className="account-muted"> · {t('dashboard.userCodeHint')}</span>
                </dd>
              </div>
              {user.email && (
                <div>
                  <dt>{t('field.email')}</dt>
                  <dd>
                    <bdi dir="ltr">{user.email}</bdi>
                  </dd>
                </div>
              )}
              {user.phone && (
                <div>
                  <dt>{t('field.phone')}</dt>
                  <dd>
                    <bdi dir="ltr">{formatPhone(user.areaCode, user.phone)}</bdi>
                  </dd>
                </div>
              )}
              {user.lastLoginTime && (
                <div>
                  <dt>{t('dashboard.lastLogin')}</dt>
                  <dd>
                    <bdi dir="ltr">{toLocalTime(user.lastLoginTime)}</bdi>
                  </dd>
                </div>
              )}
            </dl>
          </div>
          <LangLink to="/userInfo/setup/index" className="account-link-button">
            {t('dashboard.settings')}
          </LangLink>
          {picking && (
            <AvatarPicker current={user.avatar} opened={picking} onClose={() => setPicking(false)} />
          )}
        </section>
      )}
      <div className="account-dash-grid">
        <WalletCard />
        <OrdersCard />
      </div>
      <Shortcuts realName={user?.realNameStatus} c3={user?.c3Status} fundSet={user?.fundPasswordSet} />
    </div>
  );
}

function WalletCard() {
  const { t } = useTranslation('account');
  const balance = useBalance();
  const data = balance.data;
  return (
    <section className="account-panel account-wallet" aria-labelledby="account-wallet-title">
      <div className="account-panel-head">
        <h2 id="account-wallet-title">{t('dashboard.wallet')}</h2>
        <LangLink to="/userInfo/money-package?index=1">{t('dashboard.walletOpen')}</LangLink>
      </div>
      {balance.isError && !data ? (
        <LoadFailed error={balance.error} onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <p className="account-wallet-total" aria-busy={balance.isPending}>
            {data ? (
              <bdi dir="ltr" data-testid="dashboard-balance">
                {formatMoney(data.balance)} {data.currency}
              </bdi>
            ) : (
              <span className="account-figure-skeleton" />
            )}
          </p>
          <dl className="account-wallet-parts">
            <div>
              <dt>{t('dashboard.available')}</dt>
              <dd>{data ? <bdi dir="ltr">{withCurrency(formatMoney(data.available))}</bdi> : '…'}</dd>
            </div>
            <div>
              <dt>{t('dashboard.frozen')}</dt>
              <dd>{data ? <bdi dir="ltr">{withCurrency(formatMoney(data.frozen))}</bdi> : '…'}</dd>
            </div>
          </dl>
          <div className="account-actions is-start">
            <LangLink to="/userInfo/money-package/recharge" className="account-link-button is-primary">
              {t('dashboard.deposit')}
            </LangLink>
            <LangLink to="/userInfo/money-package/withdraw" className="account-link-button">
              {t('dashboard.withdraw')}
            </LangLink>
          </div>
        </>
      )}
    </section>
  );
}

function OrdersCard() {
  const { t } = useTranslation('account');
  const counts = useOrderCounts();
  return (
    <section className="account-panel account-orders" aria-labelledby="account-orders-title">
      <div className="account-panel-head">
        <h2 id="account-orders-title">{t('dashboard.orders')}</h2>
        <LangLink to="/userInfo/my-order?index=2">{t('dashboard.allOrders')}</LangLink>
      </div>
      {counts.isError && !counts.data ? (
        <LoadFailed error={counts.error} onRetry={() => void counts.refetch()} />
      ) : (
        <ul className="account-order-shortcuts">
          {ORDER_SHORTCUTS.map((tab) => (
            <li key={tab}>
              <LangLink to={`/userInfo/my-order?index=2&tab=${tab}`} data-testid={`order-count-${tab}`}>
                <span className="account-order-count" aria-busy={counts.isPending}>
                  <bdi dir="ltr">{counts.data ? counts.data[tab] : '–'}</bdi>
                </span>
                <span>{t(`dashboard.orderTab.${tab}`)}</span>
              </LangLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Shortcuts({
  realName,
  c3,
  fundSet,
}: {
  realName: VerificationStatus | undefined;
  c3: VerificationStatus | undefined;
  fundSet: boolean | undefined;
}) {
  const { t } = useTranslation('account');
  const fund =
    fundSet === undefined ? undefined : (
      <span className={`account-badge ${fundSet ? 'is-approved' : 'is-none'}`}>
        {fundSet ? t('setup.set') : t('setup.notSet')}
      </span>
    );
  const links: { to: string; label: string; state?: React.ReactNode }[] = [
    { to: '/userInfo/collect-goods?index=3', label: t('dashboard.favourites') },
    { to: '/userInfo/collect-shop', label: t('dashboard.followedStores') },
    { to: '/userInfo/setup/shipping-address', label: t('setup.addresses') },
    { to: '/userInfo/setup/transaction-password', label: t('setup.fundPassword'), state: fund },
    {
      to: '/userInfo/setup/real-name',
      label: t('verify.realNameTitle'),
      state: realName && <StatusBadge status={realName} />,
    },
    { to: '/userInfo/setup/c3', label: t('verify.c3Title'), state: c3 && <StatusBadge status={c3} /> },
    { to: '/userInfo/setup/index', label: t('dashboard.settings') },
  ];
  return (
    <nav className="account-panel account-shortcuts" aria-labelledby="account-shortcuts-title">
      <h2 id="account-shortcuts-title">{t('dashboard.shortcuts')}</h2>
      <ul>
        {links.map(({ to, label, state }) => (
          <li key={to}>
            <LangLink to={to}>
              <span>{label}</span>
              {state}
            </LangLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
