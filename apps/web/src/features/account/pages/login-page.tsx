/**
 * /login: by phone (calling code and number) or by e-mail / user name, with the password (shown or
 * hidden). Refusals are translated by their key: a wrong password, more than 3 wrong today (locked
 * until tomorrow, or until a reset by code), a locked or disabled user. Afterwards back to
 * `redirect` (a path of this site) or the home page.
 */
import type { CountryDto } from '@mall/contract';
import { Button, Tabs, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { LangLink, withLang } from '../../../lib/nav.tsx';
import { Navigate, useLocation } from '../../../lib/router/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { login } from '../api/account-api.ts';
import { AuthLayout, FormAlert } from '../components/auth-layout.tsx';
import { PasswordField } from '../components/password-fields.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { signedIn } from '../lib/sign-in.ts';
import {
  callingCode,
  type Problem,
  phoneDigits,
  phoneProblem,
  requiredProblem,
  safeRedirect,
} from '../lib/validation.ts';
import '../account-styles.ts';

type Via = 'phone' | 'account';

export default function LoginPage() {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const client = useQueryClient();
  const session = useSession();
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  const [via, setVia] = useState<Via>('phone');
  const [country, setCountry] = useState<CountryDto | null>(null);
  const [phone, setPhone] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<
    Partial<Record<'country' | 'phone' | 'account' | 'password', Problem>>
  >({});
  const [failure, setFailure] = useState<{ key: string | undefined; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (session) return <Navigate to={withLang(safeRedirect(redirect))} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: typeof problems = {};
    if (via === 'phone') {
      const problem = phoneProblem(country ? country.areaCode : '', phone);
      if (problem === 'account:form.areaCodeRequired') next.country = problem;
      else if (problem) next.phone = problem;
    } else {
      const problem = requiredProblem(account);
      if (problem) next.account = problem;
    }
    const pwProblem = requiredProblem(password);
    if (pwProblem) next.password = pwProblem;
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const result = await login(
        via === 'phone'
          ? { username: phoneDigits(phone), areaCode: callingCode(country?.areaCode ?? ''), password }
          : { username: account.trim(), password },
      );
      signedIn(client, result);
      // The session now exists: this page re-renders into the redirect above.
    } catch (error) {
      setFailure({ key: errorKeyOf(error), text: failureText(error) });
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';

  return (
    <AuthLayout title={t('login.title')}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Tabs
          value={via}
          onChange={(value) => {
            setVia(value === 'account' ? 'account' : 'phone');
            setProblems({});
            setFailure(null);
          }}
          className="account-tabs"
        >
          <Tabs.List grow>
            <Tabs.Tab value="phone">{t('login.byPhone')}</Tabs.Tab>
            <Tabs.Tab value="account">{t('login.byAccount')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {via === 'phone' ? (
          <PhoneField
            country={country}
            onCountry={(c) => {
              setCountry(c);
              setProblems((p) => ({ ...p, country: undefined }));
            }}
            phone={phone}
            onPhone={(value) => {
              setPhone(value);
              setProblems((p) => ({ ...p, phone: undefined }));
            }}
            countryError={problemText(problems.country)}
            phoneError={problemText(problems.phone)}
          />
        ) : (
          <TextInput
            label={t('login.account')}
            value={account}
            onChange={(event) => {
              setAccount(event.currentTarget.value);
              setProblems((p) => ({ ...p, account: undefined }));
            }}
            autoComplete="username"
            dir="ltr"
            required
            error={problemText(problems.account)}
            name="username"
          />
        )}
        <PasswordField
          label={t('field.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setProblems((p) => ({ ...p, password: undefined }));
          }}
          autoComplete="current-password"
          error={problemText(problems.password)}
          name="password"
        />
        <div className="account-form-row-end">
          <LangLink to="/forgotPassword">{t('login.forgot')}</LangLink>
        </div>
        <FormAlert>
          {failure && (
            <>
              <p>{failure.text}</p>
              {failure.key === 'PASSWORD_LOCKED_TODAY' && (
                <p>
                  <LangLink to="/forgotPassword">{t('login.lockedReset')}</LangLink>
                </p>
              )}
              {failure.key === 'USER_LOCKED' && <p>{t('login.lockedContact')}</p>}
            </>
          )}
        </FormAlert>
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('login.submit')}
        </Button>
        <p className="account-switch">
          {t('login.noAccount')} <LangLink to={registerLink}>{t('login.register')}</LangLink>
        </p>
      </form>
    </AuthLayout>
  );
}
