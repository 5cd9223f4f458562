/**
 * /forgotPassword: a code to the account's e-mail (or phone), then the new password twice. The
 * reset also lifts a sign-in lock of the day and ends every session of the account, so a
 * signed-in browser signs out too. The server answers the same whether the account exists or not.
 */
import type { CountryDto } from '@mall/contract';
import { Button, Tabs, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { LangLink, useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { currentSession, endSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { resetPassword, sendCode } from '../api/account-api.ts';
import { AuthLayout, FormAlert } from '../components/auth-layout.tsx';
import { NewPasswordFields } from '../components/password-fields.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SendCodeButton } from '../components/send-code-button.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import {
  callingCode,
  confirmProblem,
  type Problem,
  passwordProblem,
  phoneDigits,
  phoneProblem,
  requiredProblem,
  verifyCodeProblem,
} from '../lib/validation.ts';
import '../account-styles.ts';

type Via = 'email' | 'phone';
type Field = 'country' | 'phone' | 'account' | 'verifyCode' | 'password' | 'rePassword';

const FIELD_OF: Record<string, Field> = {
  PASSWORD_LENGTH: 'password',
  PASSWORD_FORMAT: 'password',
  PASSWORDS_NOT_SAME: 'rePassword',
  WRONG_VERIFICATION_CODE: 'verifyCode',
};

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const navigate = useLangNavigate();
  const [via, setVia] = useState<Via>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryDto | null>(null);
  const [phone, setPhone] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = (field: Field) => setProblems((p) => ({ ...p, [field]: undefined }));

  const whoProblems = (): Partial<Record<Field, Problem>> => {
    if (via === 'email') {
      const problem = requiredProblem(account);
      return problem ? { account: problem } : {};
    }
    const problem = phoneProblem(country?.areaCode ?? '', phone);
    if (problem === 'account:form.areaCodeRequired') return { country: problem };
    return problem ? { phone: problem } : {};
  };

  const who = () =>
    via === 'email'
      ? { username: account.trim() }
      : { username: phoneDigits(phone), areaCode: callingCode(country?.areaCode ?? '') };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<Field, Problem>> = { ...whoProblems() };
    const add = (field: Field, problem: Problem | undefined) => {
      if (problem) next[field] = problem;
    };
    add('verifyCode', verifyCodeProblem(verifyCode));
    add('password', passwordProblem(password));
    add('rePassword', confirmProblem(password, rePassword));
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ ...who(), verifyCode: verifyCode.trim(), password, rePassword });
      if (currentSession()) endSession();
      notify(t('forgot.done'), 'success');
      navigate('/login');
    } catch (error) {
      const key = errorKeyOf(error);
      const field = key ? FIELD_OF[key] : undefined;
      if (field) setProblems({ [field]: `errors:${key}` });
      else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <p className="account-note">{t('forgot.intro')}</p>
        <Tabs
          value={via}
          onChange={(value) => {
            setVia(value === 'phone' ? 'phone' : 'email');
            setProblems({});
          }}
          className="account-tabs"
        >
          <Tabs.List grow>
            <Tabs.Tab value="email">{t('forgot.byEmail')}</Tabs.Tab>
            <Tabs.Tab value="phone">{t('forgot.byPhone')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {via === 'email' ? (
          <TextInput
            label={t('forgot.account')}
            value={account}
            onChange={(event) => {
              setAccount(event.currentTarget.value);
              clear('account');
            }}
            autoComplete="username"
            dir="ltr"
            required
            error={problemText(problems.account)}
            name="username"
          />
        ) : (
          <PhoneField
            country={country}
            onCountry={(c) => {
              setCountry(c);
              clear('country');
            }}
            phone={phone}
            onPhone={(value) => {
              setPhone(value);
              clear('phone');
            }}
            countryError={problemText(problems.country)}
            phoneError={problemText(problems.phone)}
          />
        )}
        <div className="account-code-row">
          <TextInput
            label={t('field.verifyCode')}
            description={via === 'email' ? t('forgot.codeToEmail') : t('code.toPhone')}
            value={verifyCode}
            onChange={(event) => {
              setVerifyCode(event.currentTarget.value);
              clear('verifyCode');
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            required
            error={problemText(problems.verifyCode)}
            name="verifyCode"
          />
          <SendCodeButton
            beforeSend={() => {
              const found = whoProblems();
              setProblems((p) => ({ ...p, ...found }));
              return Object.keys(found).length === 0;
            }}
            send={() =>
              sendCode({ purpose: 'reset', ...who(), ...(via === 'phone' ? { type: 'phone' } : {}) })
            }
          />
        </div>
        <NewPasswordFields
          label={t('field.newPassword')}
          password={password}
          rePassword={rePassword}
          onPassword={(value) => {
            setPassword(value);
            clear('password');
          }}
          onRePassword={(value) => {
            setRePassword(value);
            clear('rePassword');
          }}
          passwordError={problemText(problems.password)}
          rePasswordError={problemText(problems.rePassword)}
        />
        <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('forgot.submit')}
        </Button>
        <p className="account-switch">
          <LangLink to="/login">{t('forgot.backToLogin')}</LangLink>
        </p>
      </form>
    </AuthLayout>
  );
}
