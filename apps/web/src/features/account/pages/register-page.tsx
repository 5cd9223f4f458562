/**
 * /register: by phone (searchable country / calling code, at least 8 digits) or by e-mail; a code
 * sent to that phone or e-mail when the brand asks for one; an optional user name; the password
 * twice; the invitation code (required when the brand says so); the slide puzzle; the terms.
 * The client checks mirror SPEC §5 before anything is sent; the agent code saved from a `code`
 * query travels with the sign-up. Signed in at once afterwards.
 */
import type { CountryDto } from '@mall/contract';
import { Button, Checkbox, Tabs, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { LangLink, withLang } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { Navigate, useLocation } from '../../../lib/router/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { type AccountType, register, sendCode, useAccountParams } from '../api/account-api.ts';
import { AuthLayout, FormAlert } from '../components/auth-layout.tsx';
import { NewPasswordFields } from '../components/password-fields.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SendCodeButton } from '../components/send-code-button.tsx';
import { SlidePuzzle } from '../components/slide-puzzle.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { signedIn } from '../lib/sign-in.ts';
import {
  callingCode,
  confirmProblem,
  emailProblem,
  invitationProblem,
  type Problem,
  passwordProblem,
  phoneDigits,
  phoneProblem,
  safeRedirect,
  usernameProblem,
  verifyCodeProblem,
} from '../lib/validation.ts';
import '../account-styles.ts';

type Field =
  | 'country'
  | 'phone'
  | 'email'
  | 'verifyCode'
  | 'username'
  | 'password'
  | 'rePassword'
  | 'invitationCode'
  | 'slide'
  | 'agree';

/** Which field a refusal of the server belongs to (the rest go above the button). */
const FIELD_OF: Record<string, Field> = {
  EMAIL_FORMAT: 'email',
  PHONE_FORMAT: 'phone',
  USERNAME_FORMAT: 'username',
  USERNAME_DUPLICATE: 'username',
  PASSWORD_LENGTH: 'password',
  PASSWORD_FORMAT: 'password',
  PASSWORDS_NOT_SAME: 'rePassword',
  TERMS_NOT_ACCEPTED: 'agree',
  INVALID_INVITATION_CODE: 'invitationCode',
  INVITATION_CODE_REQUIRED: 'invitationCode',
  SLIDE_VERIFICATION_FAILED: 'slide',
  WRONG_VERIFICATION_CODE: 'verifyCode',
};

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const client = useQueryClient();
  const session = useSession();
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  const params = useAccountParams();
  const invitationRequired = params.data?.register_invitation_required === '1';
  const codeRequired = params.data?.register_verify_code_required === '1';

  const [type, setType] = useState<AccountType>('phone');
  const [country, setCountry] = useState<CountryDto | null>(null);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invitationCode, setInvitationCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [slideToken, setSlideToken] = useState<string | null>(null);
  const [slideReset, setSlideReset] = useState(0);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session) return <Navigate to={withLang(safeRedirect(redirect))} replace />;

  const clear = (field: Field) => setProblems((p) => ({ ...p, [field]: undefined }));
  const areaCode = callingCode(country?.areaCode ?? '');

  const targetProblems = (): Partial<Record<Field, Problem>> => {
    if (type === 'email') {
      const problem = emailProblem(email);
      return problem ? { email: problem } : {};
    }
    const problem = phoneProblem(country?.areaCode ?? '', phone);
    if (problem === 'account:form.areaCodeRequired') return { country: problem };
    return problem ? { phone: problem } : {};
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<Field, Problem>> = { ...targetProblems() };
    const add = (field: Field, problem: Problem | undefined) => {
      if (problem) next[field] = problem;
    };
    if (codeRequired) add('verifyCode', verifyCodeProblem(verifyCode));
    add('username', usernameProblem(username.trim()));
    add('password', passwordProblem(password));
    add('rePassword', confirmProblem(password, rePassword));
    add('invitationCode', invitationProblem(invitationCode, invitationRequired));
    if (!slideToken) add('slide', 'account:slide.required');
    if (!agree) add('agree', 'errors:TERMS_NOT_ACCEPTED');
    setProblems(next);
    if (Object.keys(next).length > 0) {
      const first = document.querySelector<HTMLElement>('.account-form [aria-invalid="true"]');
      first?.focus();
      return;
    }
    setBusy(true);
    try {
      const agentCode = readStorage(STORAGE_KEYS.agentCode);
      const result = await register({
        type,
        ...(type === 'phone' ? { areaCode, phone: phoneDigits(phone) } : { email: email.trim() }),
        ...(username.trim() ? { username: username.trim() } : {}),
        password,
        rePassword,
        ...(invitationCode.trim() ? { invitationCode: invitationCode.trim() } : {}),
        ...(agentCode ? { code: agentCode } : {}),
        slideToken: slideToken as string,
        agree,
        ...(codeRequired ? { verifyCode: verifyCode.trim() } : {}),
      });
      notify(t('register.welcome', { name: result.user.username }), 'success');
      signedIn(client, result);
    } catch (error) {
      const key = errorKeyOf(error);
      const field = key ? FIELD_OF[key] : undefined;
      if (key === 'ACCOUNT_ALREADY_BOUND') {
        setProblems({ [type === 'phone' ? 'phone' : 'email']: 'errors:ACCOUNT_ALREADY_BOUND' });
      } else if (field) {
        setProblems({ [field]: `errors:${key}` });
      } else {
        setFailure(failureText(error));
      }
      if (key === 'SLIDE_VERIFICATION_FAILED') {
        setSlideToken(null);
        setSlideReset((n) => n + 1);
      }
      if (key === 'MISSING_PARAMETER') void params.refetch();
    } finally {
      setBusy(false);
    }
  };

  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  return (
    <AuthLayout title={t('register.title')}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Tabs
          value={type}
          onChange={(value) => {
            setType(value === 'email' ? 'email' : 'phone');
            setProblems({});
            setVerifyCode('');
          }}
          className="account-tabs"
        >
          <Tabs.List grow>
            <Tabs.Tab value="phone">{t('register.byPhone')}</Tabs.Tab>
            <Tabs.Tab value="email">{t('register.byEmail')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {type === 'phone' ? (
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
        ) : (
          <TextInput
            label={t('field.email')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              clear('email');
            }}
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            error={problemText(problems.email)}
            name="email"
          />
        )}
        {codeRequired && (
          <div className="account-code-row">
            <TextInput
              label={t('field.verifyCode')}
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
              description={type === 'phone' ? t('code.toPhone') : t('code.toEmail')}
              name="verifyCode"
            />
            <SendCodeButton
              beforeSend={() => {
                const found = targetProblems();
                setProblems((p) => ({ ...p, ...found }));
                return Object.keys(found).length === 0;
              }}
              send={() =>
                sendCode(
                  type === 'phone'
                    ? { purpose: 'register', type, areaCode, phone: phoneDigits(phone) }
                    : { purpose: 'register', type, email: email.trim() },
                )
              }
            />
          </div>
        )}
        <TextInput
          label={t('field.usernameOptional')}
          description={t('register.usernameHint')}
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            clear('username');
          }}
          autoComplete="username"
          dir="ltr"
          error={problemText(problems.username)}
          name="username"
        />
        <NewPasswordFields
          label={t('field.password')}
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
        <TextInput
          label={invitationRequired ? t('field.invitationCode') : t('field.invitationCodeOptional')}
          value={invitationCode}
          onChange={(event) => {
            setInvitationCode(event.currentTarget.value);
            clear('invitationCode');
          }}
          autoComplete="off"
          dir="ltr"
          required={invitationRequired}
          error={problemText(problems.invitationCode)}
          name="invitationCode"
        />
        <div className="account-field">
          <span className="account-label" id="account-slide-label">
            {t('slide.title')}
            <span className="account-required" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
          <SlidePuzzle
            resetSignal={slideReset}
            onPass={(token) => {
              setSlideToken(token);
              clear('slide');
            }}
            onExpire={() => setSlideToken(null)}
          />
          {problems.slide && (
            <p className="account-error" role="alert">
              {problemText(problems.slide)}
            </p>
          )}
        </div>
        <Checkbox
          checked={agree}
          onChange={(event) => {
            setAgree(event.currentTarget.checked);
            clear('agree');
          }}
          name="agree"
          error={problemText(problems.agree)}
          label={withLinks(t('register.agree'), {
            terms: (text) => <PolicyLink to="/agreement">{text}</PolicyLink>,
            privacy: (text) => <PolicyLink to="/privacyPolicy">{text}</PolicyLink>,
          })}
        />
        <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={params.isPending}>
          {t('register.submit')}
        </Button>
        <p className="account-switch">
          {t('register.haveAccount')} <LangLink to={loginLink}>{t('register.login')}</LangLink>
        </p>
      </form>
    </AuthLayout>
  );
}

/** A policy page in a new tab, so the form keeps what was typed. */
function PolicyLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <a href={withLang(to)} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

/**
 * A translated sentence with `<name>text</name>` marks turned into elements (react-i18next's
 * Trans would do it too, but would move into the first paint's shared chunk).
 */
function withLinks(text: string, links: Record<string, (inner: string) => ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) out.push(text.slice(last, match.index));
    const render = links[name];
    out.push(render ? <Fragment key={match.index}>{render(inner)}</Fragment> : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
