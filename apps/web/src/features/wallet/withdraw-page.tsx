/**
 * /userInfo/money-package/withdraw: bind the one withdrawal address if none is bound yet, else the
 * bound address and the withdrawal form; the new withdrawal's record, and all withdrawal records
 * (20 a page) below.
 */
import type { WalletRecordDto } from '@mall/contract';
import { useCallback, useEffect, useState } from 'react';
import { showError } from '../../lib/errors.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { useWithdrawOpen } from './api/wallet-api.ts';
import { BindAddressForm } from './components/bind-address-form.tsx';
import { CopyButton } from './components/copy-button.tsx';
import { RecordCard } from './components/record-card.tsx';
import { RecordList } from './components/record-list.tsx';
import { WithdrawForm } from './components/withdraw-form.tsx';
import './wallet-styles.ts';

export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  const open = useWithdrawOpen();
  const [latest, setLatest] = useState<WalletRecordDto | null>(null);
  const [page, setPage] = useState(1);
  const onPage = useCallback((p: number) => setPage(p), []);
  useEffect(() => {
    if (open.error) showError(open.error);
  }, [open.error]);

  const bound = open.data?.boundAddress;
  return (
    <div className="wallet-page">
      <header className="wallet-page-head">
        <h1>{t('title.withdraw')}</h1>
        <LangLink to="/userInfo/money-package" className="wallet-back">
          {t('common.backToWallet')}
        </LangLink>
      </header>
      <section className="wallet-panel">
        {open.isPending && <div className="wallet-form is-skeleton" aria-busy="true" />}
        {!open.isPending && !open.data && (
          <div className="wallet-empty">
            <p>{t('common.loadFailed')}</p>
            <button type="button" className="wallet-text-button" onClick={() => void open.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {open.data && !bound && <BindAddressForm />}
        {open.data && bound && (
          <>
            <div className="wallet-bound">
              <h2 id="wallet-bound-title">{t('withdraw.boundTitle')}</h2>
              <div className="wallet-bound-row">
                <span className="wallet-network-tag">
                  <bdi dir="ltr">{bound.network}</bdi>
                </span>
                <bdi dir="ltr" className="wallet-code wallet-address" data-testid="bound-address">
                  {bound.address}
                </bdi>
                <CopyButton text={bound.address} label={t('copy.copyAddress')} />
              </div>
              <p className="muted">{t('withdraw.boundNote')}</p>
            </div>
            <WithdrawForm open={open.data} onDone={setLatest} />
          </>
        )}
      </section>
      {latest && (
        <section className="wallet-panel" aria-labelledby="wallet-latest-title" aria-live="polite">
          <h2 id="wallet-latest-title">{t('withdraw.latest')}</h2>
          <RecordCard record={latest} highlight />
        </section>
      )}
      <section className="wallet-panel" aria-labelledby="wallet-withdrawals-title">
        <h2 id="wallet-withdrawals-title">{t('withdraw.records')}</h2>
        <RecordList tab="withdraw" page={page} onPage={onPage} highlightId={latest?.id} />
      </section>
    </div>
  );
}
