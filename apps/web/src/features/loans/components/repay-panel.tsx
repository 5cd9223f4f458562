/**
 * Repaying a running loan from the wallet: the next instalment or everything owed now, each with its
 * amount and parts; the wallet's available balance beside it; the fund password; a confirmation that
 * names the amount. The amount shown is the amount sent, so the server pays exactly that or says the
 * due has moved on.
 */
import type { LoanDetailDto, LoanRepayQuoteDto } from '@mall/contract';
import { Button, PasswordInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { ltr } from '../../../lib/bidi.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { errorText, failureText, showError } from '../../../lib/errors.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useRepayLoan, useWalletBalance } from '../api/loans-api.ts';
import { formatAmount, fundPasswordShapeValid, toUnits } from '../lib/amount.ts';
import { Amount } from './amount.tsx';

const FUND_KEYS: readonly string[] = [
  'WRONG_FUND_PASSWORD',
  'FUND_PASSWORD_LOCKED',
  'FUND_PASSWORD_NOT_SET',
  'FUND_PASSWORD_FORMAT',
];

function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function RepayPanel({ loan }: { loan: LoanDetailDto }) {
  const { t } = useTranslation('loans');
  const id = useId();
  const repay = useRepayLoan();
  const wallet = useWalletBalance(true);
  const [type, setType] = useState<'instalment' | 'full'>('instalment');
  const [fundPassword, setFundPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // The last instalment left is the whole loan and costs the same as repaying in full: one choice.
  const last =
    loan.nextRepayment !== null && loan.payoff !== null && loan.nextRepayment.amount === loan.payoff.amount;
  const options = [loan.nextRepayment, last ? null : loan.payoff].filter(
    (q): q is LoanRepayQuoteDto => q !== null,
  );
  const chosen = options.find((q) => q.type === type) ?? options[0];
  if (!chosen) return null;

  const available = wallet.data?.available;
  const short = available !== undefined && toUnits(available) < toUnits(chosen.amount);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fundPassword) {
      setPasswordError(t('repay.fundPasswordRequired'));
      return;
    }
    if (!fundPasswordShapeValid(fundPassword)) {
      setPasswordError(errorText('FUND_PASSWORD_FORMAT'));
      return;
    }
    const amountText = ltr(`${formatAmount(chosen.amount)} USDT`);
    const ok = await confirmAction({
      title: t('repay.confirmTitle'),
      body: t('repay.confirmBody', { amount: amountText }),
      confirmLabel: t('repay.confirm'),
    });
    if (!ok) return;
    repay.mutate(
      { id: loan.id, type: chosen.type, amount: chosen.amount, fundPassword, requestKey: newRequestKey() },
      {
        onSuccess: () => {
          notify(t('repay.done'), 'success');
          setFundPassword('');
          setType('instalment');
        },
        onError: (error) => {
          const key = error instanceof ApiError ? error.key : undefined;
          if (key === 'LOAN_REPAY_AMOUNT_CHANGED') notify(t('repay.changed'));
          else showError(error);
          if (key && FUND_KEYS.includes(key)) setPasswordError(failureText(error));
          setFundPassword('');
        },
      },
    );
  };

  return (
    <form className="loan-panel loan-repay" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('repay.title')}</h2>
      <fieldset className="loan-repay-options">
        <legend className="visually-hidden">{t('repay.title')}</legend>
        {options.map((q) => (
          <label key={q.type} className="loan-method" data-checked={chosen.type === q.type || undefined}>
            <input
              type="radio"
              name={`${id}-type`}
              value={q.type}
              checked={chosen.type === q.type}
              onChange={() => setType(q.type)}
            />
            <span className="loan-method-text">
              <span className="loan-method-name">
                {q.type === 'instalment' && q.seq !== null
                  ? `${t('repay.instalment')} · ${t('repay.instalmentOf', { seq: q.seq })}`
                  : t('repay.full')}
              </span>
              <Amount value={q.amount} className="loan-repay-amount" />
              <span className="muted loan-method-hint">
                {q.type === 'full' ? `${t('repay.fullHint')} · ` : ''}
                {q.type === 'instalment' && last ? `${t('repay.lastHint')} · ` : ''}
                {t('repay.breakdown', {
                  principal: ltr(formatAmount(q.principal)),
                  interest: ltr(formatAmount(q.interest)),
                  overdue: ltr(formatAmount(q.overdueInterest)),
                })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="loan-wallet-line">
        {t('repay.wallet')}:{' '}
        {available !== undefined ? <Amount value={available} /> : <span className="muted">…</span>}{' '}
        <LangLink to="/userInfo/money-package/recharge">{t('repay.deposit')}</LangLink>
      </p>
      {short && (
        <p className="loan-warning" role="status">
          {t('repay.short')}
        </p>
      )}
      <PasswordInput
        label={t('repay.fundPassword')}
        description={t('repay.fundPasswordHint')}
        value={fundPassword}
        onChange={(event) => {
          setFundPassword(event.currentTarget.value);
          setPasswordError(undefined);
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        dir="ltr"
        required
        error={passwordError}
        name="fundPassword"
        visibilityToggleButtonProps={{ 'aria-label': t('repay.showPassword') }}
        className="loan-fund-password"
      />
      <Button type="submit" size="md" loading={repay.isPending} className="loan-submit">
        {t('repay.submit', { amount: ltr(`${formatAmount(chosen.amount)} USDT`) })}
      </Button>
    </form>
  );
}
