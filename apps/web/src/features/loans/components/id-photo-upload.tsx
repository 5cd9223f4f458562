/**
 * The ID or passport photo: JPEG or PNG up to 30 MB (checked here first, then by the server from the
 * bytes), uploaded at once with a progress bar. The form learns the uploaded URL through `onChange`
 * and whether an upload is still running through `onUploadingChange`.
 */
import { Button, Progress } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { errorText, failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import {
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  photoProblem,
  type UploadHandle,
  uploadIdPhoto,
} from '../api/upload-id-photo.ts';
import { fileSize } from '../lib/amount.ts';

type State =
  | { phase: 'empty' }
  | { phase: 'uploading'; file: File; preview: string; progress: number }
  | { phase: 'done'; file: File; preview: string; url: string }
  | { phase: 'failed'; file: File; preview: string; message: string };

export function IdPhotoUpload({
  onChange,
  onUploadingChange,
  error,
}: {
  onChange(url: string | undefined): void;
  onUploadingChange(uploading: boolean): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('loans');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [state, setState] = useState<State>({ phase: 'empty' });
  const [pickError, setPickError] = useState<string | undefined>();

  const preview = state.phase === 'empty' ? undefined : state.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => () => handle.current?.abort(), []);

  const start = (file: File) => {
    handle.current?.abort();
    setPickError(undefined);
    const problem = photoProblem(file);
    if (problem) {
      setPickError(errorText(problem));
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setState({ phase: 'uploading', file, preview: previewUrl, progress: 0 });
    onChange(undefined);
    onUploadingChange(true);
    const current = uploadIdPhoto(file, (fraction) =>
      setState((s) => (s.phase === 'uploading' && s.file === file ? { ...s, progress: fraction } : s)),
    );
    handle.current = current;
    current.done.then(
      (url) => {
        if (handle.current !== current) return;
        handle.current = null;
        setState({ phase: 'done', file, preview: previewUrl, url });
        onUploadingChange(false);
        onChange(url);
      },
      (failure: unknown) => {
        if (handle.current !== current) return;
        handle.current = null;
        onUploadingChange(false);
        if (failure instanceof DOMException && failure.name === 'AbortError') {
          setState({ phase: 'empty' });
          return;
        }
        setState({ phase: 'failed', file, preview: previewUrl, message: failureText(failure) });
      },
    );
  };

  const clear = () => {
    const running = handle.current;
    handle.current = null;
    running?.abort();
    setState({ phase: 'empty' });
    onUploadingChange(false);
    onChange(undefined);
    if (input.current) input.current.value = '';
  };

  const message = pickError ?? (state.phase === 'failed' ? state.message : error);
  const percent = state.phase === 'uploading' ? Math.round(state.progress * 100) : 100;
  return (
    <div className="loan-photo" data-phase={state.phase}>
      <span className="loan-label" id={`${id}-label`}>
        {t('apply.photo')}{' '}
        <span className="loan-required" aria-hidden="true">
          *
        </span>
      </span>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) start(file);
          event.currentTarget.value = '';
        }}
      />
      <div className="loan-photo-body">
        {state.phase !== 'empty' && (
          <img className="loan-photo-preview" src={state.preview} alt={t('apply.photoAlt')} />
        )}
        <div className="loan-photo-info">
          {state.phase === 'empty' ? (
            <p className="muted">{t('apply.photoHint', { max: ltr(fileSize(PHOTO_MAX_BYTES)) })}</p>
          ) : (
            <p className="loan-photo-name">
              <bdi>{state.file.name}</bdi>{' '}
              <bdi dir="ltr" className="muted">
                ({fileSize(state.file.size)})
              </bdi>
            </p>
          )}
          {state.phase === 'uploading' && (
            <>
              <Progress value={percent} size="md" animated aria-label={t('apply.progress')} />
              <p className="muted" aria-live="polite">
                {t('apply.uploading', { percent })}
              </p>
            </>
          )}
          {state.phase === 'done' && (
            <p className="loan-ok" aria-live="polite">
              {t('apply.uploaded')}
            </p>
          )}
          <div className="loan-photo-actions">
            {state.phase === 'uploading' ? (
              <Button variant="default" size="xs" onClick={clear}>
                {t('apply.cancelUpload')}
              </Button>
            ) : (
              <Button
                variant={state.phase === 'empty' ? 'outline' : 'default'}
                size="xs"
                onClick={() => input.current?.click()}
                aria-describedby={message ? `${id}-error` : undefined}
              >
                {state.phase === 'empty' ? t('apply.choose') : t('apply.replace')}
              </Button>
            )}
            {(state.phase === 'done' || state.phase === 'failed') && (
              <Button variant="subtle" size="xs" color="gray" onClick={clear}>
                {t('apply.remove')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {message && (
        <p className="loan-error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
