/**
 * /merchantSettled: become a merchant. The brand's promotion site (SPEC §2) stays one click away;
 * a signed-in buyer applies here with the enterprise fields (store name, business phone, business
 * e-mail, country, company proof, about the business) and sees how the application stands: under
 * review, refused with the reason (and may apply again), or approved with the way to the console.
 * A visitor is offered sign-in first. Checks give the server's verdicts; its errors show under
 * their field.
 */
import { Button, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { loginPathFor } from '../../components/require-login.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentBrand } from '../../lib/brand.ts';
import { errorText, failureText } from '../../lib/errors.ts';
import { LangLink } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { promotionUrl } from '../../lib/promotion.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { useSession } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { useApply, useCountries, useMyApplication } from './merchant-api.ts';
import { ProofUpload } from './proof-upload.tsx';
import './merchant-styles.ts';

type Field = 'storeName' | 'businessPhone' | 'businessEmail' | 'country' | 'proof';
type Errors = Partial<Record<Field, string>>;
const FIELD_OF: Record<string, Field> = {
  PHONE_FORMAT: 'businessPhone',
  EMAIL_FORMAT: 'businessEmail',
  COUNTRY_NOT_FOUND: 'country',
  IMAGE_NOT_FOUND: 'proof',
};
const PHONE = /^\+?\d[\d -]*\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

function ApplicationForm({ again, onApplied }: { again: boolean; onApplied(): void }) {
  const { t } = useTranslation('merchant');
  const countries = useCountries();
  const apply = useApply();
  const [form, setForm] = useState({
    storeName: '',
    businessPhone: '',
    businessEmail: '',
    country: '',
    description: '',
  });
  const [proof, setProof] = useState<string>();
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!form.storeName.trim()) next.storeName = t('form.required');
    if (!PHONE.test(form.businessPhone.trim()) || form.businessPhone.replace(/\D/g, '').length < 8)
      next.businessPhone = errorText('PHONE_FORMAT');
    if (!EMAIL.test(form.businessEmail.trim())) next.businessEmail = errorText('EMAIL_FORMAT');
    if (!form.country) next.country = t('form.required');
    if (!proof) next.proof = t('form.proofRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || !proof) return;
    apply.mutate(
      { ...form, proof },
      {
        onSuccess: () => {
          notify(t('status.submitted'), 'success');
          onApplied();
        },
        onError: (error) => {
          const field = error instanceof ApiError && error.key ? FIELD_OF[error.key] : undefined;
          if (field) setErrors((e) => ({ ...e, [field]: failureText(error) }));
          notify(failureText(error));
        },
      },
    );
  };

  return (
    <form className="merchant-form panel" onSubmit={submit} noValidate>
      <h2>{again ? t('form.again') : t('form.title')}</h2>
      <TextInput
        label={t('form.storeName')}
        name="storeName"
        required
        maxLength={64}
        value={form.storeName}
        onChange={(e) => set('storeName', e.currentTarget.value)}
        error={errors.storeName}
      />
      <div className="merchant-grid">
        <TextInput
          label={t('form.businessPhone')}
          name="businessPhone"
          required
          type="tel"
          dir="ltr"
          maxLength={24}
          placeholder="+44 20 7946 0000"
          autoComplete="tel"
          value={form.businessPhone}
          onChange={(e) => set('businessPhone', e.currentTarget.value)}
          error={errors.businessPhone}
        />
        <TextInput
          label={t('form.businessEmail')}
          name="businessEmail"
          required
          type="email"
          dir="ltr"
          maxLength={64}
          autoComplete="email"
          value={form.businessEmail}
          onChange={(e) => set('businessEmail', e.currentTarget.value)}
          error={errors.businessEmail}
        />
      </div>
      <NativeSelect
        label={t('form.country')}
        name="country"
        required
        value={form.country}
        onChange={(e) => set('country', e.currentTarget.value)}
        error={errors.country}
        data={[
          { value: '', label: t('form.chooseCountry') },
          ...(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.flag} ${c.name}` })),
        ]}
      />
      <ProofUpload
        error={errors.proof}
        onChange={(url) => {
          setProof(url);
          if (url) setErrors((e) => ({ ...e, proof: undefined }));
        }}
      />
      <Textarea
        label={t('form.description')}
        name="description"
        autosize
        minRows={3}
        maxLength={1000}
        value={form.description}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
      <Button type="submit" loading={apply.isPending} data-testid="merchant-submit">
        {t('form.submit')}
      </Button>
    </form>
  );
}

export default function MerchantSettledPage() {
  const { t } = useTranslation('merchant');
  const brand = currentBrand();
  const session = useSession();
  const { pathname, search } = useLocation();
  const mine = useMyApplication(session !== null);
  const application = mine.data;
  return (
    <div className="container merchant-page">
      <header className="merchant-head">
        <h1>{t('title', { brand: brand.name })}</h1>
        <p>{t('intro')}</p>
        <a className="merchant-promo" href={promotionUrl()} target="_blank" rel="noopener noreferrer">
          {t('promotion')}
        </a>
      </header>
      {!session && (
        <section className="panel merchant-status">
          <p>{t('signInFirst')}</p>
          <LangLink className="button-link" to={loginPathFor(pathname, search)}>
            {t('signIn')}
          </LangLink>
        </section>
      )}
      {session && mine.loading && <div className="panel merchant-skeleton" aria-busy="true" />}
      {session && mine.error !== undefined && (
        <section className="panel merchant-status">
          <p className="error-text">{failureText(mine.error)}</p>
          <Button variant="light" onClick={mine.retry}>
            {t('retry')}
          </Button>
        </section>
      )}
      {application && application.status !== 'refused' && (
        <section
          className="panel merchant-status"
          data-testid="merchant-status"
          data-status={application.status}
        >
          <h2>{t(`status.${application.status}`)}</h2>
          <p>{t(`status.${application.status}Body`, { store: application.storeName })}</p>
          <dl className="merchant-facts">
            <dt>{t('form.storeName')}</dt>
            <dd>{application.storeName}</dd>
            <dt>{t('appliedAt')}</dt>
            <dd>
              <bdi dir="ltr">{toLocalTime(application.createTime)}</bdi>
            </dd>
          </dl>
          {application.status === 'approved' && (
            <a className="button-link" href="/console/">
              {t('openConsole')}
            </a>
          )}
        </section>
      )}
      {application?.status === 'refused' && (
        <section className="panel merchant-status" data-testid="merchant-status" data-status="refused">
          <h2>{t('status.refused')}</h2>
          <p>{t('status.refusedBody', { reason: application.refuseReason })}</p>
        </section>
      )}
      {session &&
        !mine.loading &&
        mine.error === undefined &&
        (!application || application.status === 'refused') && (
          <ApplicationForm again={application?.status === 'refused'} onApplied={mine.retry} />
        )}
    </div>
  );
}
