/**
 * The company proof (business licence or registration): JPEG or PNG up to 10 MB, checked here
 * first, uploaded at once with a progress bar; the form learns the URL when it is done.
 */
import { Button, Progress } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText, failureText } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { IMAGE_TYPES, imageProblem, type UploadHandle, uploadImage } from '../../lib/upload-image.ts';

/** UPLOAD_LIMITS.proof of the contract (10 MB). */
const PROOF_MAX_BYTES = 10 * 1024 * 1024;

type State =
  | { phase: 'empty' }
  | { phase: 'uploading'; preview: string; progress: number }
  | { phase: 'done'; preview: string }
  | { phase: 'failed'; preview: string; message: string };

export function ProofUpload({
  onChange,
  error,
}: {
  /** The uploaded URL, undefined while none is ready (or one is uploading). */
  onChange(url: string | undefined): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [state, setState] = useState<State>({ phase: 'empty' });
  const [pickError, setPickError] = useState<string>();
  const preview = state.phase === 'empty' ? undefined : state.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => () => handle.current?.abort(), []);

  const start = (file: File) => {
    handle.current?.abort();
    const problem = imageProblem(file, PROOF_MAX_BYTES);
    setPickError(problem ? errorText(problem) : undefined);
    if (problem) return;
    const url = URL.createObjectURL(file);
    setState({ phase: 'uploading', preview: url, progress: 0 });
    onChange(undefined);
    const current = uploadImage(file, 'proof', (fraction) =>
      setState((s) => (s.phase === 'uploading' && s.preview === url ? { ...s, progress: fraction } : s)),
    );
    handle.current = current;
    current.done.then(
      (uploaded) => {
        if (handle.current !== current) return;
        handle.current = null;
        setState({ phase: 'done', preview: url });
        onChange(uploaded);
      },
      (failure: unknown) => {
        if (handle.current !== current) return;
        handle.current = null;
        if (failure instanceof DOMException && failure.name === 'AbortError') setState({ phase: 'empty' });
        else setState({ phase: 'failed', preview: url, message: failureText(failure) });
      },
    );
  };

  const shown = pickError ?? (state.phase === 'failed' ? state.message : error);
  return (
    <div className="merchant-proof">
      <span className="merchant-label" id={`${id}-label`}>
        {t('form.proof')}
      </span>
      {preview && <img src={preview} alt={t('form.proof')} className="merchant-proof-preview" />}
      {state.phase === 'uploading' && (
        <Progress value={Math.round(state.progress * 100)} aria-label={t('form.uploading')} animated />
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="merchant-proof-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) start(file);
          e.currentTarget.value = '';
        }}
      />
      <Button onClick={() => input.current?.click()} aria-describedby={`${id}-label`}>
        {state.phase === 'empty' ? t('form.pickProof') : t('form.replaceProof')}
      </Button>
      <p className="merchant-hint">{t('form.proofHint')}</p>
      {shown && (
        <p className="error-text" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
