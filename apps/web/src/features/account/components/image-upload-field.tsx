/**
 * A document photo: pick a JPEG or PNG (checked here first: type and 30 MB), see it, watch the
 * upload's progress, cancel or replace it. The field's value is the uploaded image's URL.
 */

import { UPLOAD_LIMITS } from '@mall/contract/accounts';
import { Progress } from '@mantine/core';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { errorText, failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { imageProblem, type UploadHandle, uploadImage } from '../../../lib/upload-image.ts';

const VERIFICATION_MAX_BYTES = UPLOAD_LIMITS.verification;

export function ImageUploadField({
  label,
  hint,
  value,
  onChange,
  onBusy,
  error,
  required,
  name,
}: {
  label: string;
  hint?: string;
  value: string | null;
  onChange(url: string | null): void;
  onBusy(busy: boolean): void;
  error?: string | undefined;
  required?: boolean;
  name: string;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A picture's object URL lives while it is shown; an upload stops when the field goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => () => handle.current?.abort(), []);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const bad = imageProblem(file, VERIFICATION_MAX_BYTES);
    if (bad) {
      setProblem(errorText(bad));
      return;
    }
    handle.current?.abort();
    setProblem(null);
    setFileName(file.name);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange(null);
    onBusy(true);
    const upload = uploadImage(file, 'verification', (fraction) => setProgress(fraction));
    handle.current = upload;
    try {
      const url = await upload.done;
      if (handle.current !== upload) return;
      onChange(url);
      setProgress(null);
    } catch (failure) {
      if (handle.current !== upload) return;
      setProgress(null);
      setPreview(null);
      if (!(failure instanceof DOMException && failure.name === 'AbortError'))
        setProblem(failureText(failure));
    } finally {
      if (handle.current === upload) {
        handle.current = null;
        onBusy(false);
      }
    }
  };

  const cancel = () => {
    const upload = handle.current;
    handle.current = null;
    upload?.abort();
    setProgress(null);
    setPreview(null);
    setFileName('');
    onChange(null);
    onBusy(false);
  };

  const uploading = progress !== null;
  const shown = preview ?? value;
  const message = problem ?? error;

  return (
    <div className={`account-upload${message ? ' has-error' : ''}`}>
      <span className="account-label" id={`${id}-label`}>
        {label}
        {required && (
          <span className="account-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {hint && <p className="account-upload-hint">{hint}</p>}
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => void pick(event)}
        name={name}
        disabled={uploading}
        aria-labelledby={`${id}-label`}
        aria-invalid={message ? true : undefined}
      />
      <div className="account-upload-box">
        <div className="account-upload-thumb">
          {shown ? (
            <img src={shown} alt={t('verify.preview', { label })} />
          ) : (
            <span aria-hidden="true">🪪</span>
          )}
        </div>
        <div className="account-upload-side">
          {uploading ? (
            <>
              <Progress
                value={Math.round((progress ?? 0) * 100)}
                aria-label={t('verify.uploading', { name: fileName })}
                size="md"
                animated
              />
              <p className="account-small" aria-live="polite">
                {t('verify.uploadingPercent', { percent: Math.round((progress ?? 0) * 100) })}
              </p>
              <button type="button" className="account-text-button" onClick={cancel}>
                {t('verify.cancelUpload')}
              </button>
            </>
          ) : (
            <>
              {value && (
                <p className="account-small account-ok" aria-live="polite">
                  ✓ {t('verify.uploaded')}
                </p>
              )}
              <label className="account-link-button" htmlFor={id}>
                {value ? t('verify.replace') : t('verify.choose')}
              </label>
              <p className="account-small account-muted">{t('verify.types')}</p>
            </>
          )}
        </div>
      </div>
      {message && (
        <p className="account-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
