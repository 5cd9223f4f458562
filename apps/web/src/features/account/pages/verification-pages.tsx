/**
 * /userInfo/setup/real-name and /userInfo/setup/c3: the verification forms with document photos,
 * and the status of the latest application (under review, approved, rejected with the reviewer's
 * reason; a rejected one may be sent again). Advanced (C3) verification opens after the real name
 * is approved.
 */
import type { CountryDto, VerificationKind } from '@mall/contract';
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorText, failureText } from '../../../lib/errors.ts';
import { LangLink, useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { safeBack } from '../../../lib/verification-prompt.ts';
import { useMe, useSubmitVerification, useVerification } from '../api/account-api.ts';
import { FormAlert } from '../components/auth-layout.tsx';
import { BackToSettings } from '../components/back-link.tsx';
import { CountrySelect } from '../components/country-select.tsx';
import { ImageUploadField } from '../components/image-upload-field.tsx';
import { LoadFailed, PageHead, Skeleton } from '../components/page-state.tsx';
import { VerificationStatus } from '../components/verification-status.tsx';
import { errorKeyOf, useProblemText } from '../lib/problem-text.ts';
import { idNumberProblem, type Problem, realNameProblem } from '../lib/validation.ts';
import '../account-styles.ts';

export function RealNamePage() {
  return <VerificationPage kind="realname" />;
}

export function C3Page() {
  return <VerificationPage kind="c3" />;
}

/** The page a refused call sent the user from (lib/verification-prompt.ts), to go back to. */
function useBack(): string | null {
  const [params] = useSearchParams();
  return safeBack(params.get('back'));
}

function ReturnLink({ back }: { back: string }) {
  const { t } = useTranslation('verification');
  return (
    <LangLink to={back} className="account-link-button" data-testid="verification-return">
      {t('returnTo')}
    </LangLink>
  );
}

function VerificationPage({ kind }: { kind: VerificationKind }) {
  const { t } = useTranslation('account');
  const back = useBack();
  const me = useMe();
  const status = useVerification(kind);
  const blocked = kind === 'c3' && me.data && me.data.realNameStatus !== 'approved';
  const dto = status.data;
  const title = kind === 'realname' ? t('verify.realNameTitle') : t('verify.c3Title');

  let body: React.ReactNode;
  if ((status.isError && !dto) || (me.isError && !me.data)) {
    body = (
      <LoadFailed
        error={status.error ?? me.error}
        onRetry={() => {
          void status.refetch();
          void me.refetch();
        }}
      />
    );
  } else if (!dto || !me.data) {
    body = <Skeleton className="is-form" />;
  } else if (blocked && dto.status === 'none') {
    body = (
      <div className="account-empty">
        <p>{t('verify.c3NeedsRealName')}</p>
        <LangLink
          to={`/userInfo/setup/real-name${back ? `?back=${encodeURIComponent(back)}` : ''}`}
          className="account-link-button is-primary"
        >
          {t('verify.goRealName')}
        </LangLink>
      </div>
    );
  } else {
    body = (
      <>
        <VerificationStatus dto={dto} />
        {(dto.status === 'none' || dto.status === 'rejected') && (
          <VerificationForm kind={kind} again={dto.status === 'rejected'} />
        )}
      </>
    );
  }

  return (
    <div className="account-page">
      <PageHead title={title} back={<BackToSettings />} />
      <p className="account-muted">{kind === 'realname' ? t('verify.realNameIntro') : t('verify.c3Intro')}</p>
      {body}
      {back && <ReturnLink back={back} />}
    </div>
  );
}

type Field = 'realName' | 'idNumber' | 'frontImg' | 'backImg' | 'handheldImg';

const FIELD_OF: Record<string, Field> = {
  REAL_NAME_FORMAT: 'realName',
  ID_NUMBER_FORMAT: 'idNumber',
};

function VerificationForm({ kind, again }: { kind: VerificationKind; again: boolean }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const submit = useSubmitVerification(kind);
  const back = useBack();
  const navigate = useLangNavigate();
  const [realName, setRealName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [nationality, setNationality] = useState<CountryDto | null>(null);
  const [images, setImages] = useState<Record<'frontImg' | 'backImg' | 'handheldImg', string | null>>({
    frontImg: null,
    backImg: null,
    handheldImg: null,
  });
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const uploading = Object.values(busy).some(Boolean);
  const handheldRequired = kind === 'c3';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (uploading) {
      setFailure(errorText('PHOTOS_UPLOADING'));
      return;
    }
    const next: Partial<Record<Field, Problem>> = {};
    if (kind === 'realname') {
      const nameProblem = realNameProblem(realName);
      if (nameProblem) next.realName = nameProblem;
      const idProblem = idNumberProblem(idNumber);
      if (idProblem) next.idNumber = idProblem;
    }
    if (!images.frontImg) next.frontImg = 'account:verify.photoRequired';
    if (!images.backImg) next.backImg = 'account:verify.photoRequired';
    if (handheldRequired && !images.handheldImg) next.handheldImg = 'account:verify.photoRequired';
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    submit.mutate(
      {
        ...(kind === 'realname'
          ? {
              realName: realName.trim().replace(/\s+/g, ' '),
              idNumber: idNumber.trim(),
              ...(nationality ? { nationality: nationality.name } : {}),
            }
          : {}),
        frontImg: images.frontImg as string,
        backImg: images.backImg as string,
        ...(images.handheldImg ? { handheldImg: images.handheldImg } : {}),
      },
      {
        onSuccess: () => {
          notify(t('verify.sent'), 'success');
          // Sent from a refused call: back to that page (the review follows; the status shows here).
          if (back) navigate(back);
        },
        onError: (error) => {
          const key = errorKeyOf(error);
          const field = key ? FIELD_OF[key] : undefined;
          if (field) setProblems({ [field]: `errors:${key}` });
          else setFailure(failureText(error));
        },
      },
    );
  };

  const photo = (
    field: 'frontImg' | 'backImg' | 'handheldImg',
    label: string,
    hint: string,
    required: boolean,
  ) => (
    <ImageUploadField
      label={label}
      hint={hint}
      value={images[field]}
      onChange={(url) => {
        setImages((v) => ({ ...v, [field]: url }));
        if (url) setProblems((p) => ({ ...p, [field]: undefined }));
      }}
      onBusy={(b) => setBusy((v) => ({ ...v, [field]: b }))}
      error={problemText(problems[field])}
      required={required}
      name={field}
    />
  );

  return (
    <form
      className="account-panel account-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="account-verify-form"
    >
      <h2 id="account-verify-form">{again ? t('verify.again') : t('verify.formTitle')}</h2>
      {kind === 'realname' && (
        <div className="account-grid-3">
          <TextInput
            label={t('verify.realName')}
            value={realName}
            onChange={(event) => {
              setRealName(event.currentTarget.value);
              setProblems((p) => ({ ...p, realName: undefined }));
            }}
            autoComplete="name"
            required
            maxLength={64}
            error={problemText(problems.realName)}
            name="realName"
          />
          <TextInput
            label={t('verify.idNumber')}
            value={idNumber}
            onChange={(event) => {
              setIdNumber(event.currentTarget.value);
              setProblems((p) => ({ ...p, idNumber: undefined }));
            }}
            autoComplete="off"
            dir="ltr"
            required
            maxLength={32}
            error={problemText(problems.idNumber)}
            name="idNumber"
          />
          <CountrySelect
            label={t('verify.nationality')}
            mode="nation"
            value={nationality?.code ?? null}
            onChange={setNationality}
            name="nationality"
          />
        </div>
      )}
      <div className="account-upload-grid">
        {photo('frontImg', t('verify.front'), t('verify.frontHint'), true)}
        {photo('backImg', t('verify.back'), t('verify.backHint'), true)}
        {photo('handheldImg', t('verify.handheld'), t('verify.handheldHint'), handheldRequired)}
      </div>
      <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
      <Button type="submit" size="md" loading={submit.isPending} disabled={uploading}>
        {t('verify.submit')}
      </Button>
    </form>
  );
}
