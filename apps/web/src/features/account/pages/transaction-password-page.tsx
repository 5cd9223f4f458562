/**
 * /userInfo/setup/transaction-password: set the fund password (exactly six digits, twice) when it
 * is not set, change it (old, new, confirm) when it is. Three wrong old entries in a row lock it
 * for 3 minutes (the server counts).
 */
import { Button, PasswordInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { accountKeys, useChangeFundPassword, useMe, useSetFundPassword } from '../api/account-api.ts';
import { FormAlert } from '../components/auth-layout.tsx';
import { BackToSettings } from '../components/back-link.tsx';
import { LoadFailed, PageHead, Skeleton } from '../components/page-state.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { confirmProblem, fundPasswordProblem, type Problem } from '../lib/validation.ts';
import '../account-styles.ts';

type Field = 'oldSafeword' | 'safeword' | 'reSafeword';

const FIELD_OF: Record<string, Field> = {
  WRONG_FUND_PASSWORD: 'oldSafeword',
  FUND_PASSWORD_LOCKED: 'oldSafeword',
  FUND_PASSWORD_FORMAT: 'safeword',
  PASSWORDS_NOT_SAME: 'reSafeword',
};

export default function TransactionPasswordPage() {
  const { t } = useTranslation('account');
  const me = useMe();
  const user = me.data;
  return (
    <div className="account-page">
      <PageHead
        title={user?.fundPasswordSet ? t('fund.changeTitle') : t('fund.setTitle')}
        back={<BackToSettings />}
      />
      {me.isError && !user ? (
        <LoadFailed error={me.error} onRetry={() => void me.refetch()} />
      ) : !user ? (
        <Skeleton className="is-form" />
      ) : (
        <FundPasswordForm key={String(user.fundPasswordSet)} change={user.fundPasswordSet} />
      )}
    </div>
  );
}

function FundPasswordForm({ change }: { change: boolean }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const client = useQueryClient();
  const setFund = useSetFundPassword();
  const changeFund = useChangeFundPassword();
  const [values, setValues] = useState<Record<Field, string>>({
    oldSafeword: '',
    safeword: '',
    reSafeword: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = setFund.isPending || changeFund.isPending;

  const field = (name: Field, label: string, description?: string) => (
    <PasswordInput
      label={label}
      description={description}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
        setValues((v) => ({ ...v, [name]: value }));
        setProblems((p) => ({ ...p, [name]: undefined }));
      }}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      dir="ltr"
      required
      error={problemText(problems[name])}
      name={name}
      visibilityToggleButtonProps={{ 'aria-label': t('field.showPassword') }}
    />
  );

  const onError = (error: unknown) => {
    const key = errorKeyOf(error);
    const name = key ? FIELD_OF[key] : undefined;
    if (name) {
      setProblems({ [name]: `errors:${key}` });
    } else {
      setFailure(failureText(error));
    }
    if (key === 'FUND_PASSWORD_ALREADY_SET' || key === 'FUND_PASSWORD_NOT_SET')
      void client.invalidateQueries({ queryKey: accountKeys.me });
    setValues((v) => ({ ...v, oldSafeword: '' }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<Field, Problem>> = {};
    if (change) {
      const old = fundPasswordProblem(values.oldSafeword);
      if (old) next.oldSafeword = old;
    }
    const fresh = fundPasswordProblem(values.safeword);
    if (fresh) next.safeword = fresh;
    const confirm = confirmProblem(values.safeword, values.reSafeword);
    if (confirm) next.reSafeword = confirm;
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const done = () => {
      notify(change ? t('fund.changed') : t('fund.saved'), 'success');
      setValues({ oldSafeword: '', safeword: '', reSafeword: '' });
    };
    if (change) changeFund.mutate(values, { onSuccess: done, onError });
    else
      setFund.mutate(
        { safeword: values.safeword, reSafeword: values.reSafeword },
        { onSuccess: done, onError },
      );
  };

  return (
    <form className="account-panel account-form is-narrow" onSubmit={onSubmit} noValidate>
      <p className="account-note">{change ? t('fund.changeIntro') : t('fund.setIntro')}</p>
      {change && field('oldSafeword', t('fund.old'))}
      {field('safeword', change ? t('fund.new') : t('fund.password'), t('fund.hint'))}
      {field('reSafeword', t('fund.confirm'))}
      <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
      <Button type="submit" size="md" loading={busy}>
        {change ? t('fund.changeSubmit') : t('fund.setSubmit')}
      </Button>
      {change && <p className="account-muted account-small">{t('fund.forgot')}</p>}
    </form>
  );
}
