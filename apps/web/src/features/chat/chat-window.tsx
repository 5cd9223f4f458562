/**
 * The customer-service window (SPEC §2, §4): 480 × 680 over any page, moved by its title bar,
 * resized from its corner, full screen on a phone; Escape closes it. Messages are text (line breaks
 * kept, never HTML) or pictures with a preview; Enter sends, Shift+Enter starts a new line; a
 * picture (JPEG or PNG) uploads with its progress. The list scrolls to the bottom 300 ms after new
 * messages arrive.
 */
import { CHAT_LIMITS, type ChatMessageDto, PIXELS, TIMERS } from '@mall/contract';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { currentBrand } from '../../lib/brand.ts';
import { errorText, showError } from '../../lib/errors.ts';
import { LangLink } from '../../lib/nav.tsx';
import { clearServiceProductId, useServiceProductId } from '../../lib/service-dialog-store.ts';
import { useSession } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { chatLink } from './chat-link.ts';
import { chatImageProblem, uploadChatImage } from './chat-upload.ts';
import './chat.css';

const PHONE = '(max-width: 520px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (l) => {
      const q = window.matchMedia(PHONE);
      q.addEventListener('change', l);
      return () => q.removeEventListener('change', l);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

function useChatState() {
  return useSyncExternalStore(
    (l) => chatLink.subscribe(l),
    () => chatLink.state,
  );
}

/** Keeps the window inside the viewport while it is dragged by its title bar. */
function useDrag(disabled: boolean) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number; rect: DOMRect } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (disabled || e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    const box = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y, rect: box };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const s = start.current;
    if (!s) return;
    const dx = Math.min(Math.max(e.clientX - s.x, -s.rect.left), window.innerWidth - s.rect.right);
    const dy = Math.min(Math.max(e.clientY - s.y, -s.rect.top), window.innerHeight - s.rect.bottom);
    setOffset({ x: s.ox + dx, y: s.oy + dy });
  };
  const onPointerUp = () => {
    start.current = null;
  };
  return {
    offset: disabled ? { x: 0, y: 0 } : offset,
    handlers: { onPointerDown, onPointerMove, onPointerUp },
  };
}

function MessageRow({ m, onPreview }: { m: ChatMessageDto; onPreview: (url: string) => void }) {
  const { t } = useTranslation('chat');
  const mine = m.send_receive === 'send';
  return (
    <li className={`chat-row ${mine ? 'is-mine' : 'is-theirs'}`} data-seq={m.seq}>
      <span className="visually-hidden">{mine ? t('you') : t('agent')}</span>
      {m.type === 'img' ? (
        <button type="button" className="chat-bubble chat-picture" onClick={() => onPreview(m.content)}>
          <img src={m.content} alt={t('picture')} loading="lazy" />
        </button>
      ) : (
        // Text only: React escapes it; CSS keeps the line breaks.
        <div className="chat-bubble" dir="auto">
          {m.content}
        </div>
      )}
      <time className="chat-time" dir="ltr">
        {toLocalTime(m.createtime)}
      </time>
    </li>
  );
}

export function ChatWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  const { t: tu } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const state = useChatState();
  const phone = usePhone();
  const productId = useServiceProductId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const drag = useDrag(phone);
  const visitor = session === null;
  const mail = currentBrand().supportMail;
  // Once an agent has answered, "not open yet" is no longer true for this conversation.
  const agentAnswered = state.messages.some((m) => m.send_receive === 'receive');

  useEffect(() => {
    chatLink.identify(session?.token ?? null, true);
    void chatLink.open();
    return () => chatLink.close();
  }, [session?.token]);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // Escape closes the picture preview first, then the window.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (preview) setPreview(null);
      else onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [preview, onClose]);

  // SPEC §4: scroll to the bottom 300 ms after the list changes (pictures have their height by then).
  const newest = state.messages.at(-1)?.seq ?? 0;
  useLayoutEffect(() => {
    if (newest === 0) return;
    const timer = window.setTimeout(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    }, TIMERS.chatScrollMs);
    return () => window.clearTimeout(timer);
  }, [newest]);

  const send = useCallback(async () => {
    const body = text.trim();
    if (body === '' || sending) return;
    setSending(true);
    try {
      await chatLink.send('text', text, productId ?? undefined);
      setText('');
      if (productId) clearServiceProductId();
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }, [text, sending, productId]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const problem = chatImageProblem(file);
    if (problem) {
      showError(new ApiError(-1, problem, problem));
      return;
    }
    setProgress(0);
    try {
      const url = await uploadChatImage(file, setProgress);
      await chatLink.send('img', url, productId ?? undefined);
      if (productId) clearServiceProductId();
    } catch (error) {
      showError(error);
    } finally {
      setProgress(null);
    }
  };

  const style = phone
    ? undefined
    : {
        inlineSize: PIXELS.chatWidth,
        blockSize: PIXELS.chatHeight,
        transform: `translate(${drag.offset.x}px, ${drag.offset.y}px)`,
      };

  return (
    <section
      className={`chat-window${phone ? ' is-phone' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      style={style}
    >
      <header className="chat-head" {...drag.handlers} title={phone ? undefined : t('drag')}>
        <div className="chat-head-text">
          <h2 id={titleId}>{tu('service.title')}</h2>
          {state.online !== null && (
            <p className="chat-status">
              <span className={`chat-dot${state.online ? ' is-on' : ''}`} aria-hidden="true" />
              {state.online ? t('online') : t('away')}
            </p>
          )}
        </div>
        <button type="button" className="chat-close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      </header>

      {state.online === false && !agentAnswered && (
        <div className="chat-notice" role="status">
          <strong>{errorText('SERVICE_NOT_OPEN')}</strong> {t('leaveMessage')}{' '}
          <a href={`mailto:${mail}`} dir="ltr">
            {mail}
          </a>
        </div>
      )}
      {!state.socketUp && state.loaded && (
        <p className="chat-polling" role="status">
          {t('reconnecting')}
        </p>
      )}

      <ol className="chat-list" ref={listRef} aria-live="polite" aria-label={t('messages')}>
        {state.hasOlder && (
          <li className="chat-older">
            <button
              type="button"
              className="link-button"
              onClick={() => void chatLink.loadOlder().catch(showError)}
            >
              {t('earlier')}
            </button>
          </li>
        )}
        {state.loaded && state.messages.length === 0 && <li className="chat-empty">{t('welcome')}</li>}
        {state.messages.map((m) => (
          <MessageRow key={m.seq} m={m} onPreview={setPreview} />
        ))}
        {state.closed && <li className="chat-empty">{t('closed')}</li>}
      </ol>

      {productId && (
        <div className="chat-product">
          <span>{t('about', { id: productId })}</span>
          <button type="button" className="link-button" onClick={clearServiceProductId}>
            {t('removeProduct')}
          </button>
        </div>
      )}
      {progress !== null && (
        <div
          className="chat-progress"
          role="progressbar"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ inlineSize: `${Math.round(progress * 100)}%` }} />
          <em>{t('uploading', { percent: Math.round(progress * 100) })}</em>
        </div>
      )}

      <div className="chat-compose">
        <textarea
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_LIMITS.textMaxChars}
          rows={3}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          aria-describedby={`${titleId}-hint`}
        />
        <div className="chat-actions">
          <span id={`${titleId}-hint`} className="chat-hint">
            {visitor ? (
              <>
                <LangLink to="/login">{t('login')}</LangLink> · {t('hint')}
              </>
            ) : (
              t('hint')
            )}
          </span>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png"
            hidden
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <button
            type="button"
            className="chat-icon-button"
            onClick={() => fileRef.current?.click()}
            disabled={visitor || progress !== null}
            title={visitor ? errorText('CHAT_LOGIN_FOR_IMAGES') : t('sendPicture')}
            aria-label={visitor ? errorText('CHAT_LOGIN_FOR_IMAGES') : t('sendPicture')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z"
              />
            </svg>
          </button>
          <button
            type="button"
            className="chat-send"
            onClick={() => void send()}
            disabled={sending || text.trim() === ''}
          >
            {t('send')}
          </button>
        </div>
      </div>

      {preview && (
        <div className="chat-preview" role="dialog" aria-label={t('picture')}>
          <img src={preview} alt={t('picture')} />
          <button
            type="button"
            className="chat-close"
            onClick={() => setPreview(null)}
            aria-label={t('closePicture')}
          >
            ×
          </button>
        </div>
      )}
    </section>
  );
}
