/**
 * /userInfo/setup/login-password: old, new and confirm. A change ends every session of the
 * account, this one included: the user signs in again with the new password and comes back here.
 */
import { Button } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { endSessionThenGo } from '../../../lib/sign-out.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { revokeToken, useChangePassword } from '../api/account-api.ts';
import { FormAlert } from '../components/auth-layout.tsx';
import { BackToSettings } from '../components/back-link.tsx';
import { PageHead } from '../components/page-state.tsx';
import { PasswordField } from '../components/password-fields.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { confirmProblem, type Problem, passwordProblem, requiredProblem } from '../lib/validation.ts';
import '../account-styles.ts';

type Field = 'oldPassword' | 'password' | 'rePassword';

const FIELD_OF: Record<string, Field> = {
  OLD_PASSWORD_WRONG: 'oldPassword',
  PASSWORD_LENGTH: 'password',
  PASSWORD_FORMAT: 'password',
  PASSWORDS_NOT_SAME: 'rePassword',
};

export default function LoginPasswordPage() {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const navigate = useLangNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    password: '',
    rePassword: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const field = (name: Field, label: string, autoComplete: string, description?: string) => (
    <PasswordField
      label={label}
      description={description}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
        setProblems((p) => ({ ...p, [name]: undefined }));
      }}
      autoComplete={autoComplete}
      maxLength={name === 'oldPassword' ? 64 : 12}
      error={problemText(problems[name])}
      name={name}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<Field, Problem>> = {};
    const oldProblem = requiredProblem(values.oldPassword);
    if (oldProblem) next.oldPassword = oldProblem;
    const newProblem = passwordProblem(values.password);
    if (newProblem) next.password = newProblem;
    const confirm = confirmProblem(values.password, values.rePassword);
    if (confirm) next.rePassword = confirm;
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(values, {
      onSuccess: async ({ token }) => {
        // Every session has ended on the server; the fresh one it answered is ended too, so this
        // browser signs in again with the new password like every other device.
        await revokeToken(token);
        notify(t('loginPassword.done'), 'success');
        endSessionThenGo(() =>
          navigate(`/login?redirect=${encodeURIComponent('/userInfo/setup/index')}`, { replace: true }),
        );
      },
      onError: (error) => {
        const key = errorKeyOf(error);
        const name = key ? FIELD_OF[key] : undefined;
        if (name) setProblems({ [name]: `errors:${key}` });
        else setFailure(failureText(error));
      },
    });
  };

  return (
    <div className="account-page">
      <PageHead title={t('loginPassword.title')} back={<BackToSettings />} />
      <form className="account-panel account-form is-narrow" onSubmit={onSubmit} noValidate>
        <p className="account-note">{t('loginPassword.intro')}</p>
        {field('oldPassword', t('field.oldPassword'), 'current-password')}
        {field('password', t('field.newPassword'), 'new-password', t('register.passwordHint'))}
        {field('rePassword', t('field.confirmPassword'), 'new-password')}
        <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
        <Button type="submit" size="md" loading={change.isPending}>
          {t('loginPassword.submit')}
        </Button>
      </form>
    </div>
  );
}
