import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { CopyButton } from './copy-button.tsx';

function Line({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <div className="bank-line">
      <dt>{label}</dt>
      <dd>
        <bdi dir="ltr" className="wallet-code">
          {value}
        </bdi>
        {copy && <CopyButton text={value} label={copy} />}
      </dd>
    </div>
  );
}

export function BankReceivingAccounts() {
  const { t } = useTranslation('bank-deposit');
  const info = useQuery({
    queryKey: ['wallet', 'bank-accounts'],
    queryFn: () => apiCall('/api/bankRecharge/accounts', { method: 'POST', body: {} }),
  });
  const data = info.data;
  if (!data) return null;
  if (data.accounts.length === 0) return <p className="wallet-warning">{t('none')}</p>;
  return (
    <section className="bank-accounts" aria-labelledby="bank-accounts-title" data-testid="bank-accounts">
      <h3 id="bank-accounts-title">{t('title')}</h3>
      {data.accounts.map((a) => (
        <dl key={a.id} className="bank-account">
          <Line label={t('bank')} value={a.bankName} />
          <Line label={t('accountName')} value={a.accountName} copy={t('copyAccountName')} />
          <Line label={t('accountNumber')} value={a.accountNumber} copy={t('copyAccountNumber')} />
          <Line label={t('swift')} value={a.swift} copy={t('copySwift')} />
          <Line label={t('currency')} value={a.currency} />
        </dl>
      ))}
      <div className="bank-reference" data-testid="bank-reference">
        <dl>
          <Line label={t('reference')} value={data.reference} copy={t('copyReference')} />
        </dl>
        <p>{t('referenceHint')}</p>
      </div>
    </section>
  );
}
