/**
 * Up to nine pictures (SPEC §9) for a review or a return: JPEG or PNG up to 10 MB, checked here
 * first, each uploaded at once with its own progress bar; a failed one can be tried again or
 * removed. The form hears the uploaded URLs and whether anything is still uploading (SPEC §5: no
 * submit while uploading).
 */
import { Progress } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText, failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import {
  IMAGE_TYPES,
  IMAGES_MAX,
  reviewImageProblem,
  type UploadHandle,
  uploadReviewImage,
} from '../api/upload-image.ts';

interface Slot {
  key: number;
  file: File;
  preview: string;
  phase: 'uploading' | 'done' | 'failed';
  progress: number;
  url?: string;
  message?: string;
}

let nextKey = 1;

export function ImagePicker({
  onChange,
  label,
}: {
  onChange(state: { urls: string[]; uploading: boolean }): void;
  label: string;
}) {
  const { t } = useTranslation('orders');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handles = useRef(new Map<number, UploadHandle>());
  const [slots, setSlots] = useState<Slot[]>([]);
  const [pickError, setPickError] = useState<string | undefined>();
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    latestOnChange.current({
      urls: slots.filter((s) => s.phase === 'done' && s.url).map((s) => s.url as string),
      uploading: slots.some((s) => s.phase === 'uploading'),
    });
  }, [slots]);

  // Leaving the page stops the uploads and frees the previews.
  const slotsRef = useRef(slots);
  slotsRef.current = slots;
  useEffect(
    () => () => {
      for (const h of handles.current.values()) h.abort();
      for (const s of slotsRef.current) URL.revokeObjectURL(s.preview);
    },
    [],
  );

  const upload = (slot: Slot) => {
    const handle = uploadReviewImage(slot.file, (fraction) =>
      setSlots((all) =>
        all.map((s) => (s.key === slot.key && s.phase === 'uploading' ? { ...s, progress: fraction } : s)),
      ),
    );
    handles.current.set(slot.key, handle);
    handle.done.then(
      (url) => {
        handles.current.delete(slot.key);
        setSlots((all) =>
          all.map((s) => (s.key === slot.key ? { ...s, phase: 'done', progress: 1, url } : s)),
        );
      },
      (failure: unknown) => {
        handles.current.delete(slot.key);
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        setSlots((all) =>
          all.map((s) => (s.key === slot.key ? { ...s, phase: 'failed', message: failureText(failure) } : s)),
        );
      },
    );
  };

  const add = (files: File[]) => {
    setPickError(undefined);
    const room = IMAGES_MAX - slots.length;
    if (files.length > room) setPickError(errorText('REVIEW_IMAGES_LIMIT'));
    const fresh: Slot[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = reviewImageProblem(file);
      if (problem) {
        setPickError(errorText(problem));
        continue;
      }
      fresh.push({
        key: nextKey++,
        file,
        preview: URL.createObjectURL(file),
        phase: 'uploading',
        progress: 0,
      });
    }
    if (fresh.length === 0) return;
    setSlots((all) => [...all, ...fresh]);
    for (const slot of fresh) upload(slot);
  };

  const remove = (key: number) => {
    handles.current.get(key)?.abort();
    handles.current.delete(key);
    setSlots((all) => {
      const gone = all.find((s) => s.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return all.filter((s) => s.key !== key);
    });
  };

  const retry = (slot: Slot) => {
    const again: Slot = { ...slot, phase: 'uploading', progress: 0 };
    delete again.message;
    setSlots((all) => all.map((s) => (s.key === slot.key ? again : s)));
    upload(again);
  };

  return (
    <div className="orders-images">
      <span className="orders-label" id={`${id}-label`}>
        {label}{' '}
        <span className="muted orders-small">
          ({t('images.count', { count: slots.length, max: IMAGES_MAX })})
        </span>
      </span>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={IMAGE_TYPES.join(',')}
        multiple
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <ul className="orders-thumbs" aria-labelledby={`${id}-label`}>
        {slots.map((slot, i) => (
          <li key={slot.key} className="orders-thumb" data-phase={slot.phase}>
            <img src={slot.preview} alt={t('images.alt', { n: i + 1 })} />
            {slot.phase === 'uploading' && (
              <div className="orders-thumb-progress">
                <Progress
                  value={Math.round(slot.progress * 100)}
                  size="sm"
                  animated
                  aria-label={t('images.uploading', { percent: Math.round(slot.progress * 100) })}
                />
                <span aria-live="polite">
                  {t('images.uploading', { percent: Math.round(slot.progress * 100) })}
                </span>
              </div>
            )}
            {slot.phase === 'failed' && (
              <div className="orders-thumb-failed">
                <span role="alert">{slot.message}</span>
                <button type="button" className="link-button" onClick={() => retry(slot)}>
                  {t('images.retry')}
                </button>
              </div>
            )}
            <button
              type="button"
              className="orders-thumb-remove"
              aria-label={t('images.remove', { n: i + 1 })}
              onClick={() => remove(slot.key)}
            >
              ×
            </button>
          </li>
        ))}
        {slots.length < IMAGES_MAX && (
          <li>
            <button type="button" className="orders-thumb-add" onClick={() => input.current?.click()}>
              <span aria-hidden="true">+</span>
              <span>{t('images.add')}</span>
            </button>
          </li>
        )}
      </ul>
      <p className="muted orders-small">{t('images.hint', { max: IMAGES_MAX })}</p>
      {pickError && (
        <p className="orders-error" role="alert">
          {pickError}
        </p>
      )}
    </div>
  );
}
