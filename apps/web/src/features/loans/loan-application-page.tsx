/**
 * /credit/application (signed in): the application form. The applicant (real name prefilled from the
 * verified account, nationality, ID card or passport with its number and photo), the loan (amount,
 * term, method) with its live schedule and total cost, the agreement, submit. Checks give the
 * server's verdicts first; server errors show as a toast and under their field.
 */
import type { LoanProductDto } from '@mall/contract';
import { Button, Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { errorText, failureText, showError } from '../../lib/errors.ts';
import { LangLink, useLangNavigate } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useApplyLoan, useLoanConfig, useMyLoan } from './api/loans-api.ts';
import { IdPhotoUpload } from './components/id-photo-upload.tsx';
import { LoanTermsFields } from './components/loan-terms-fields.tsx';
import { LoadFailed, Skeleton } from './components/page-state.tsx';
import { QuoteFigures, QuoteSchedule } from './components/quote-summary.tsx';
import { initialTerms, type LoanTerms, useQuote } from './hooks/use-quote.ts';
import './loans-styles.ts';

type Field = 'realName' | 'nationality' | 'idNumber' | 'photo' | 'amount' | 'agree';
type Errors = Partial<Record<Field, string>>;

const FIELD_OF: Record<string, Field> = {
  REAL_NAME_FORMAT: 'realName',
  LOAN_NAME_MISMATCH: 'realName',
  ID_NUMBER_FORMAT: 'idNumber',
  IMAGE_NOT_FOUND: 'photo',
  LOAN_ID_PHOTO_REQUIRED: 'photo',
  AMOUNT_FORMAT: 'amount',
  LOAN_BELOW_MIN: 'amount',
  LOAN_ABOVE_MAX: 'amount',
  LOAN_AGREEMENT_REQUIRED: 'agree',
};

const ID_NUMBER = /^[A-Za-z0-9]{4,32}$/;

export default function LoanApplicationPage() {
  const { t } = useTranslation('loans');
  const config = useLoanConfig();
  const mine = useMyLoan();
  const open = mine.data?.loan && ['applying', 'success', 'overdue'].includes(mine.data.loan.status);
  return (
    <div className="container loan-page">
      <header className="loan-page-head">
        <h1>{t('title.application')}</h1>
        <LangLink to="/credit">{t('title.landing')}</LangLink>
      </header>
      {(config.isPending || mine.isPending) && <Skeleton height={480} />}
      {(config.isError || mine.isError) && (
        <LoadFailed
          onRetry={() => {
            void config.refetch();
            void mine.refetch();
          }}
        />
      )}
      {config.data && mine.data && mine.data.realNameStatus !== 'approved' && (
        <div className="loan-panel loan-notice" role="status">
          <p>{mine.data.realNameStatus === 'pending' ? t('apply.verifyPending') : t('apply.verifyFirst')}</p>
          <LangLink to="/userInfo/setup" className="loan-cta is-primary">
            {t('apply.verifyLink')}
          </LangLink>
        </div>
      )}
      {config.data && mine.data?.realNameStatus === 'approved' && open && (
        <div className="loan-panel loan-notice" role="status">
          <p>{t('apply.hasOpen')}</p>
          <LangLink to="/credit/myLoan" className="loan-cta is-primary">
            {t('apply.seeMyLoan')}
          </LangLink>
        </div>
      )}
      {config.data && mine.data?.realNameStatus === 'approved' && !open && (
        <ApplicationForm product={config.data.product} verifiedName={mine.data.realName ?? ''} />
      )}
    </div>
  );
}

function ApplicationForm({ product, verifiedName }: { product: LoanProductDto; verifiedName: string }) {
  const { t } = useTranslation('loans');
  const navigate = useLangNavigate();
  const apply = useApplyLoan();
  const [realName, setRealName] = useState(verifiedName);
  const [nationality, setNationality] = useState('');
  const [idType, setIdType] = useState<'id_card' | 'passport'>('id_card');
  const [idNumber, setIdNumber] = useState('');
  const [photo, setPhoto] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [terms, setTerms] = useState<LoanTerms>(() => initialTerms(product));
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { quote, amountError, updating } = useQuote(product, terms);
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!realName.trim()) next.realName = t('apply.required');
    if (!nationality.trim()) next.nationality = t('apply.required');
    if (!ID_NUMBER.test(idNumber.trim()))
      next.idNumber = idNumber.trim() ? t('apply.idNumberFormat') : t('apply.required');
    if (!photo) next.photo = uploading ? t('apply.waitUpload') : t('apply.photoRequired');
    if (amountError) next.amount = errorText(amountError);
    if (!agree) next.agree = errorText('LOAN_AGREEMENT_REQUIRED');
    setErrors(next);
    if (Object.keys(next).length > 0 || !photo) return;
    apply.mutate(
      {
        realName: realName.trim(),
        nationality: nationality.trim(),
        idType,
        idNumber: idNumber.trim(),
        idPhoto: photo,
        amount: terms.amount.trim(),
        termDays: terms.termDays,
        method: terms.method,
        agree,
      },
      {
        onSuccess: () => {
          notify(t('apply.submitted'), 'success');
          navigate('/credit/myLoan');
        },
        onError: (error) => {
          showError(error);
          const field = error instanceof ApiError && error.key ? FIELD_OF[error.key] : undefined;
          if (field) setErrors((e) => ({ ...e, [field]: failureText(error) }));
        },
      },
    );
  };

  return (
    <form className="loan-apply" onSubmit={onSubmit} noValidate aria-label={t('title.application')}>
      <div className="loan-apply-columns">
        <section className="loan-panel" aria-labelledby="loan-applicant-title">
          <h2 id="loan-applicant-title">{t('apply.applicant')}</h2>
          <div className="loan-form-grid">
            <TextInput
              label={t('apply.realName')}
              description={t('apply.realNameHint')}
              value={realName}
              onChange={(event) => {
                setRealName(event.currentTarget.value);
                clear('realName');
              }}
              required
              autoComplete="name"
              name="realName"
              error={errors.realName}
            />
            <TextInput
              label={t('apply.nationality')}
              value={nationality}
              onChange={(event) => {
                setNationality(event.currentTarget.value);
                clear('nationality');
              }}
              required
              autoComplete="country-name"
              maxLength={64}
              name="nationality"
              error={errors.nationality}
            />
            <NativeSelect
              label={t('apply.idType')}
              value={idType}
              onChange={(event) => setIdType(event.currentTarget.value as 'id_card' | 'passport')}
              data={[
                { value: 'id_card', label: t('apply.idTypes.id_card') },
                { value: 'passport', label: t('apply.idTypes.passport') },
              ]}
              name="idType"
            />
            <TextInput
              label={t('apply.idNumber')}
              value={idNumber}
              onChange={(event) => {
                setIdNumber(event.currentTarget.value);
                clear('idNumber');
              }}
              required
              autoComplete="off"
              dir="ltr"
              maxLength={32}
              name="idNumber"
              error={errors.idNumber}
            />
          </div>
          <IdPhotoUpload
            onChange={(url) => {
              setPhoto(url);
              if (url) clear('photo');
            }}
            onUploadingChange={setUploading}
            error={errors.photo}
          />
        </section>
        <section className="loan-panel" aria-labelledby="loan-terms-title">
          <h2 id="loan-terms-title">{t('apply.loanTitle')}</h2>
          <LoanTermsFields
            product={product}
            terms={terms}
            onChange={(next) => {
              setTerms(next);
              clear('amount');
            }}
            amountError={errors.amount ?? (amountError ? errorText(amountError) : undefined)}
          />
          <h3 className="loan-subtitle">{t('apply.costTitle')}</h3>
          <QuoteFigures product={product} quote={quote} updating={updating && !amountError} />
        </section>
      </div>
      <section className="loan-panel" aria-labelledby="loan-cost-title">
        <h2 id="loan-cost-title">
          {t('schedule.title')} <span className="muted">(USDT)</span>
        </h2>
        <QuoteSchedule product={product} quote={quote} captioned={false} />
      </section>
      <section className="loan-panel" aria-labelledby="loan-agreement-title">
        <h2 id="loan-agreement-title">{t('apply.agreementTitle')}</h2>
        <ol className="loan-agreement">
          <li>{t('apply.agreement1')}</li>
          <li>{t('apply.agreement2')}</li>
          <li>{t('apply.agreement3')}</li>
          <li>{t('apply.agreement4')}</li>
          <li>{t('apply.agreement5')}</li>
        </ol>
        <Checkbox
          label={t('apply.agree')}
          checked={agree}
          onChange={(event) => {
            setAgree(event.currentTarget.checked);
            clear('agree');
          }}
          error={errors.agree}
          name="agree"
        />
        <Button type="submit" size="md" loading={apply.isPending} className="loan-submit">
          {t('apply.submit')}
        </Button>
      </section>
    </form>
  );
}
