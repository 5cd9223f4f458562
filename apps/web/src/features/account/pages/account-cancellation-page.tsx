/**
 * /userInfo/setup/account-cancellation: what closing the account means (refused while the wallet
 * holds anything; the phone or e-mail cannot sign up again for some days), the login password as
 * confirmation, an explicit "I understand", and a last confirmation dialog. Then signed out.
 */
import { Button, Checkbox } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { confirmAction } from '../../../lib/confirm.ts';
import { failureText } from '../../../lib/errors.ts';
import { moneyInText } from '../../../lib/money-text.ts';
import { LangLink, useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { endSessionThenGo } from '../../../lib/sign-out.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useAccountParams, useBalance, useCancelAccount } from '../api/account-api.ts';
import { FormAlert } from '../components/auth-layout.tsx';
import { BackToSettings } from '../components/back-link.tsx';
import { PageHead } from '../components/page-state.tsx';
import { PasswordField } from '../components/password-fields.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { type Problem, requiredProblem } from '../lib/validation.ts';
import '../account-styles.ts';

const hasBalance = (text: string | undefined) => text !== undefined && /[1-9]/.test(text);

export default function AccountCancellationPage() {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const navigate = useLangNavigate();
  const params = useAccountParams();
  const balance = useBalance();
  const cancel = useCancelAccount();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [problems, setProblems] = useState<{ password?: Problem; understood?: Problem }>({});
  const [failure, setFailure] = useState<{ key: string | undefined; text: string } | null>(null);
  const days = Number(params.data?.account_reregister_days ?? 30);
  const holding = hasBalance(balance.data?.balance);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: typeof problems = {};
    const pw = requiredProblem(password);
    if (pw) next.password = pw;
    if (!understood) next.understood = 'account:cancel.mustUnderstand';
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const ok = await confirmAction({
      title: t('cancel.confirmTitle'),
      body: t('cancel.confirmBody', { days }),
      confirmLabel: t('cancel.confirmAction'),
      danger: true,
    });
    if (!ok) return;
    cancel.mutate(password, {
      onSuccess: () => {
        notify(t('cancel.done'), 'success');
        endSessionThenGo(() => navigate('/index', { replace: true }));
      },
      onError: (error) => {
        const key = errorKeyOf(error);
        if (key === 'WRONG_PASSWORD') setProblems({ password: 'errors:WRONG_PASSWORD' });
        else setFailure({ key, text: failureText(error) });
        setPassword('');
        if (key === 'CANCEL_WITH_BALANCE') void balance.refetch();
      },
    });
  };

  return (
    <div className="account-page">
      <PageHead title={t('cancel.title')} back={<BackToSettings />} />
      <section className="account-panel account-warning-panel" aria-labelledby="account-cancel-facts">
        <h2 id="account-cancel-facts">{t('cancel.factsTitle')}</h2>
        <ul className="account-facts-list">
          <li>{t('cancel.factFinal')}</li>
          <li>{t('cancel.factBalance')}</li>
          <li>{t('cancel.factReregister', { days })}</li>
          <li>{t('cancel.factSessions')}</li>
        </ul>
        {holding && balance.data && (
          <p className="account-alert is-warning" role="status">
            {t('cancel.holding', { amount: moneyInText(balance.data.balance) })}{' '}
            <LangLink to="/userInfo/money-package/withdraw">{t('cancel.withdrawFirst')}</LangLink>
          </p>
        )}
      </section>
      <form className="account-panel account-form is-narrow" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('cancel.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setProblems((p) => ({ ...p, password: undefined }));
          }}
          autoComplete="current-password"
          error={problemText(problems.password)}
          name="password"
        />
        <Checkbox
          checked={understood}
          onChange={(event) => {
            setUnderstood(event.currentTarget.checked);
            setProblems((p) => ({ ...p, understood: undefined }));
          }}
          label={t('cancel.understand', { days })}
          error={problemText(problems.understood)}
          name="understood"
        />
        <FormAlert>
          {failure && (
            <>
              <p>{failure.text}</p>
              {failure.key === 'CANCEL_WITH_BALANCE' && (
                <p>
                  <LangLink to="/userInfo/money-package/withdraw">{t('cancel.withdrawFirst')}</LangLink>
                </p>
              )}
            </>
          )}
        </FormAlert>
        <Button type="submit" color="red" size="md" loading={cancel.isPending} disabled={holding}>
          {t('cancel.submit')}
        </Button>
      </form>
    </div>
  );
}
