/** The USDT balance: total, frozen (held for withdrawals under review) and available, with actions. */
import { useEffect } from 'react';
import { showError } from '../../../lib/errors.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useBalance } from '../api/wallet-api.ts';
import { Amount } from './amount.tsx';

export function BalanceCard() {
  const { t } = useTranslation('wallet');
  const balance = useBalance();
  useEffect(() => {
    if (balance.error) showError(balance.error);
  }, [balance.error]);
  const data = balance.data;
  const figure = (value: string | undefined) =>
    value === undefined ? (
      <span className="wallet-figure-skeleton" aria-hidden="true" />
    ) : (
      <Amount value={value} currency="USDT" />
    );
  return (
    <section className="wallet-balance" aria-labelledby="wallet-balance-title" aria-busy={balance.isPending}>
      <div className="wallet-balance-main">
        <h2 id="wallet-balance-title">{t('balance.title')}</h2>
        <p className="wallet-balance-total" data-testid="wallet-balance">
          {figure(data?.balance)}
        </p>
        {balance.isError && !data && (
          <button type="button" className="wallet-text-button" onClick={() => void balance.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
      <dl className="wallet-balance-parts">
        <div>
          <dt>{t('balance.available')}</dt>
          <dd data-testid="wallet-available">{figure(data?.available)}</dd>
        </div>
        <div>
          <dt>
            {t('balance.frozen')}
            <span className="visually-hidden"> ({t('balance.frozenHint')})</span>
          </dt>
          <dd data-testid="wallet-frozen" title={t('balance.frozenHint')}>
            {figure(data?.frozen)}
          </dd>
        </div>
      </dl>
      <div className="wallet-balance-actions">
        <LangLink to="/userInfo/money-package/recharge" className="wallet-action is-primary">
          {t('balance.deposit')}
        </LangLink>
        <LangLink to="/userInfo/money-package/withdraw" className="wallet-action">
          {t('balance.withdraw')}
        </LangLink>
      </div>
    </section>
  );
}
