/**
 * The proof-of-payment picker: JPEG or PNG up to 10 MB (checked here first, then by the server from
 * the bytes), uploaded at once with a progress bar; shows the picture, its name and size. The form
 * learns the uploaded URL through `onChange` and whether an upload is still running through
 * `onUploadingChange` (SPEC §5: no submit while uploading).
 */
import { Button, Progress } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { errorText, failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import {
  PROOF_MAX_BYTES,
  PROOF_TYPES,
  proofFileProblem,
  type UploadHandle,
  uploadProof,
} from '../api/upload-proof.ts';
import { fileSize } from '../lib/amount.ts';

type State =
  | { phase: 'empty' }
  | { phase: 'uploading'; file: File; preview: string; progress: number }
  | { phase: 'done'; file: File; preview: string; url: string }
  | { phase: 'failed'; file: File; preview: string; message: string };

export function ProofUpload({
  onChange,
  onUploadingChange,
  error,
}: {
  onChange(url: string | undefined): void;
  onUploadingChange(uploading: boolean): void;
  /** A message from the form (e.g. "please upload a proof"). */
  error?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
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
    const problem = proofFileProblem(file);
    if (problem) {
      setPickError(errorText(problem));
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setState({ phase: 'uploading', file, preview: previewUrl, progress: 0 });
    onChange(undefined);
    onUploadingChange(true);
    const current = uploadProof(file, (fraction) =>
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
    <div className="wallet-proof" data-phase={state.phase}>
      <span className="wallet-label" id={`${id}-label`}>
        {t('proof.label')}{' '}
        <span className="wallet-required" aria-hidden="true">
          *
        </span>
      </span>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={PROOF_TYPES.join(',')}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) start(file);
          event.currentTarget.value = '';
        }}
      />
      <div className="wallet-proof-body">
        {state.phase !== 'empty' && (
          <img className="wallet-proof-preview" src={state.preview} alt={t('proof.previewAlt')} />
        )}
        <div className="wallet-proof-info">
          {state.phase === 'empty' ? (
            <p className="muted">{t('proof.hint', { max: ltr(fileSize(PROOF_MAX_BYTES)) })}</p>
          ) : (
            <p className="wallet-proof-name">
              <bdi>{state.file.name}</bdi>{' '}
              <bdi dir="ltr" className="muted">
                ({fileSize(state.file.size)})
              </bdi>
            </p>
          )}
          {state.phase === 'uploading' && (
            <>
              <Progress
                value={percent}
                size="md"
                animated
                aria-label={t('proof.progressLabel')}
                className="wallet-proof-progress"
              />
              <p className="muted" aria-live="polite">
                {t('proof.uploading', { percent })}
              </p>
            </>
          )}
          {state.phase === 'done' && (
            <p className="wallet-proof-ok" aria-live="polite">
              {t('proof.uploaded')}
            </p>
          )}
          <div className="wallet-proof-actions">
            {state.phase === 'uploading' ? (
              <Button variant="default" size="xs" onClick={clear}>
                {t('proof.cancel')}
              </Button>
            ) : (
              <Button
                variant={state.phase === 'empty' ? 'outline' : 'default'}
                size="xs"
                onClick={() => input.current?.click()}
                aria-describedby={message ? `${id}-error` : undefined}
              >
                {state.phase === 'empty' ? t('proof.choose') : t('proof.replace')}
              </Button>
            )}
            {(state.phase === 'done' || state.phase === 'failed') && (
              <Button variant="subtle" size="xs" color="gray" onClick={clear}>
                {t('proof.remove')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {message && (
        <p className="wallet-error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
