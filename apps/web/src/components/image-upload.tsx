/**
 * A picture for a form (a loan's ID photo, a recharge's proof of payment): JPEG or PNG up to
 * `maxBytes` (checked here first, then by the server from the bytes), uploaded at once to `module`
 * with a progress bar; shows the picture, its name and size, and lets it be cancelled, replaced or
 * removed. The form learns the uploaded URL through `onChange` and whether an upload is still
 * running through `onUploadingChange` (SPEC §5: no submit while uploading). Each feature gives its
 * own words (`texts`), translated in its namespace.
 */
import { Button, Progress } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ltr } from '../lib/bidi.ts';
import { errorText, failureText } from '../lib/errors.ts';
import { fileSize } from '../lib/file-size.ts';
import { IMAGE_TYPES, imageProblem, type UploadHandle, uploadImage } from '../lib/upload-image.ts';
import './image-upload.css';

export interface ImageUploadTexts {
  label: string;
  /** Under an empty picker; `{{max}}` is the size limit ("10 MB"). */
  hint(max: string): string;
  previewAlt: string;
  progressLabel: string;
  uploading(percent: number): string;
  uploaded: string;
  cancel: string;
  choose: string;
  replace: string;
  remove: string;
}

type State =
  | { phase: 'empty' }
  | { phase: 'uploading'; file: File; preview: string; progress: number }
  | { phase: 'done'; file: File; preview: string; url: string }
  | { phase: 'failed'; file: File; preview: string; message: string };

export function ImageUpload({
  module,
  maxBytes,
  texts,
  onChange,
  onUploadingChange,
  error,
}: {
  /** The server's upload module (its size limit and folder follow it). */
  module: string;
  maxBytes: number;
  texts: ImageUploadTexts;
  onChange(url: string | undefined): void;
  onUploadingChange(uploading: boolean): void;
  /** A message from the form (e.g. "please upload a proof"). */
  error?: string | undefined;
}) {
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
    const problem = imageProblem(file, maxBytes);
    if (problem) {
      setPickError(errorText(problem));
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setState({ phase: 'uploading', file, preview: previewUrl, progress: 0 });
    onChange(undefined);
    onUploadingChange(true);
    const current = uploadImage(file, module, (fraction) =>
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
    <div className="image-upload" data-phase={state.phase}>
      <span className="image-upload-label" id={`${id}-label`}>
        {texts.label}{' '}
        <span className="image-upload-required" aria-hidden="true">
          *
        </span>
      </span>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) start(file);
          event.currentTarget.value = '';
        }}
      />
      <div className="image-upload-body">
        {state.phase !== 'empty' && (
          <img className="image-upload-preview" src={state.preview} alt={texts.previewAlt} />
        )}
        <div className="image-upload-info">
          {state.phase === 'empty' ? (
            <p className="muted">{texts.hint(ltr(fileSize(maxBytes)))}</p>
          ) : (
            <p className="image-upload-name">
              <bdi>{state.file.name}</bdi>{' '}
              <bdi dir="ltr" className="muted">
                ({fileSize(state.file.size)})
              </bdi>
            </p>
          )}
          {state.phase === 'uploading' && (
            <>
              <Progress value={percent} size="md" animated aria-label={texts.progressLabel} />
              <p className="muted" aria-live="polite">
                {texts.uploading(percent)}
              </p>
            </>
          )}
          {state.phase === 'done' && (
            <p className="image-upload-ok" aria-live="polite">
              {texts.uploaded}
            </p>
          )}
          <div className="image-upload-actions">
            {state.phase === 'uploading' ? (
              <Button variant="default" size="xs" onClick={clear}>
                {texts.cancel}
              </Button>
            ) : (
              <Button
                variant={state.phase === 'empty' ? 'outline' : 'default'}
                size="xs"
                onClick={() => input.current?.click()}
                aria-describedby={message ? `${id}-error` : undefined}
              >
                {state.phase === 'empty' ? texts.choose : texts.replace}
              </Button>
            )}
            {(state.phase === 'done' || state.phase === 'failed') && (
              <Button variant="subtle" size="xs" color="gray" onClick={clear}>
                {texts.remove}
              </Button>
            )}
          </div>
        </div>
      </div>
      {message && (
        <p className="image-upload-error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
