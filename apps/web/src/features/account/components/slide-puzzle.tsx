/**
 * The sign-up's slide verification: the server draws a picture with a gap and keeps where it is;
 * the user drags the piece (mouse, touch or pen through pointer events, or the keyboard) until it
 * fills the gap. The drop x and the drag's trail (`[[x, ms], …]`, in picture pixels) go to
 * `/api/slide/verify`, which answers a single-use pass for the sign-up (5 minutes).
 *
 * The picture is a picture: it keeps its own left-to-right geometry in Arabic too (dir="ltr"),
 * while the hint beside it follows the page's direction.
 *
 * Keyboard: arrows move the piece, a key held down (or pressed quickly) speeds up, Shift or
 * Page Up/Down jumps 10 pixels, Home/End go to the ends, Enter or Space drops the piece.
 */
import type { SlideChallengeDto } from '@mall/contract';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { fetchSlideChallenge, verifySlide } from '../api/account-api.ts';

type Phase = 'loading' | 'ready' | 'checking' | 'passed' | 'failed' | 'error';

/** How long the pass lasts on the server (SLIDE_PASS_TTL_MS), minus a margin for the sign-up itself. */
const PASS_LIFETIME_MS = 5 * 60_000 - 20_000;
const FAILED_PAUSE_MS = 1200;
const MAX_TRAIL = 400;

const round1 = (n: number) => Math.round(n * 10) / 10;

function clearTimers(timers: { current: number[] }): void {
  for (const id of timers.current) window.clearTimeout(id);
  timers.current = [];
}

function schedule(timers: { current: number[] }, fn: () => void, ms: number): void {
  timers.current.push(window.setTimeout(fn, ms));
}

export function SlidePuzzle({
  onPass,
  onExpire,
  resetSignal = 0,
}: {
  onPass(token: string): void;
  /** The pass ran out (or the puzzle was renewed): the sign-up needs a new one. */
  onExpire(): void;
  /** Changing this number asks for a new puzzle (the server refused the pass). */
  resetSignal?: number;
}) {
  const { t, i18n } = useTranslation('account');
  const hintId = useId();
  const [challenge, setChallenge] = useState<SlideChallengeDto | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [failure, setFailure] = useState('');
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const picture = useRef<HTMLDivElement>(null);
  const trail = useRef<number[][]>([]);
  const drag = useRef<{ clientX: number; x0: number; t0: number; scale: number } | null>(null);
  const keys = useRef<{ t0: number; last: number; dir: number; step: number } | null>(null);
  const timers = useRef<number[]>([]);
  const generation = useRef(0);

  const load = useCallback(async () => {
    clearTimers(timers);
    const mine = ++generation.current;
    setPhase('loading');
    setX(0);
    trail.current = [];
    drag.current = null;
    keys.current = null;
    try {
      const next = await fetchSlideChallenge();
      if (mine !== generation.current) return;
      setChallenge(next);
      setPhase('ready');
      // An unanswered puzzle expires on the server: quietly draw a new one a little before.
      schedule(
        timers,
        () => {
          if (mine === generation.current && !drag.current) void load();
        },
        Math.max(10_000, next.expiresInSeconds * 1000 - 3000),
      );
    } catch (error) {
      if (mine !== generation.current) return;
      setFailure(failureText(error));
      setPhase('error');
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new signal means a new puzzle
  useEffect(() => {
    void load();
    return () => {
      generation.current++;
      clearTimers(timers);
    };
  }, [load, resetSignal]);

  const width = challenge?.width ?? 300;
  const height = challenge?.height ?? 150;
  const piece = challenge?.pieceSize ?? 44;
  const maxX = width - piece;

  const submit = async (finalX: number) => {
    if (!challenge) return;
    const points = trail.current;
    const last = points[points.length - 1];
    if (!last || last[0] !== round1(finalX)) points.push([round1(finalX), last?.[1] ?? 0]);
    setPhase('checking');
    const mine = generation.current;
    try {
      const { token } = await verifySlide(challenge.id, round1(finalX), points);
      if (mine !== generation.current) return;
      setPhase('passed');
      onPass(token);
      schedule(
        timers,
        () => {
          if (mine !== generation.current) return;
          onExpire();
          void load();
        },
        PASS_LIFETIME_MS,
      );
    } catch (error) {
      if (mine !== generation.current) return;
      setFailure(failureText(error));
      setPhase('failed');
      schedule(
        timers,
        () => {
          if (mine === generation.current) void load();
        },
        FAILED_PAUSE_MS,
      );
    }
  };

  const record = (nx: number, t: number) => {
    const points = trail.current;
    const last = points[points.length - 1];
    if (points.length >= MAX_TRAIL) {
      // Keep the newest position in the last slot so the trail still ends where the piece is.
      points[points.length - 1] = [round1(nx), Math.round(t)];
      return;
    }
    if (last && Math.round(t) === last[1] && round1(nx) === last[0]) return;
    points.push([round1(nx), Math.max(Math.round(t), last?.[1] ?? 0)]);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (phase !== 'ready' || event.button > 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rendered = picture.current?.getBoundingClientRect().width || width;
    drag.current = { clientX: event.clientX, x0: x, t0: performance.now(), scale: rendered / width };
    trail.current = [[round1(x), 0]];
    keys.current = null;
    setDragging(true);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const nx = Math.min(maxX, Math.max(0, d.x0 + (event.clientX - d.clientX) / d.scale));
    setX(nx);
    record(nx, performance.now() - d.t0);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setDragging(false);
    const nx = Math.min(maxX, Math.max(0, d.x0 + (event.clientX - d.clientX) / d.scale));
    setX(nx);
    record(nx, performance.now() - d.t0);
    if (Math.abs(nx - (trail.current[0]?.[0] ?? 0)) < 1) return; // a click, not a drag
    void submit(nx);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (phase !== 'ready') return;
    const now = performance.now();
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (keys.current && trail.current.length > 1) void submit(x);
      return;
    }
    let dir = 0;
    let jump: number | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') dir = 1;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') dir = -1;
    else if (event.key === 'PageUp') [dir, jump] = [1, 10];
    else if (event.key === 'PageDown') [dir, jump] = [-1, 10];
    else if (event.key === 'Home') [dir, jump] = [-1, maxX];
    else if (event.key === 'End') [dir, jump] = [1, maxX];
    if (dir === 0) return;
    event.preventDefault();
    if (!keys.current) {
      keys.current = { t0: now, last: now, dir, step: 0 };
      trail.current = [[round1(x), 0]];
    }
    const k = keys.current;
    // Quick or held presses speed up (1, 2, 3 … 8 px); a pause goes back to single pixels.
    const step =
      jump ?? (event.shiftKey ? 10 : k.dir === dir && now - k.last < 250 ? Math.min(k.step + 1, 8) : 1);
    k.step = jump === undefined && !event.shiftKey ? step : k.step;
    k.dir = dir;
    k.last = now;
    const nx = Math.min(maxX, Math.max(0, x + dir * step));
    setX(nx);
    record(nx, now - k.t0);
  };

  const percent = (value: number) => `${(value / width) * 100}%`;
  const status =
    phase === 'passed'
      ? t('slide.passed')
      : phase === 'checking'
        ? t('slide.checking')
        : phase === 'failed'
          ? failure
          : phase === 'loading'
            ? t('common.loading')
            : phase === 'error'
              ? failure
              : t('slide.hint');

  return (
    <div className={`account-slide is-${phase}${dragging ? ' is-dragging' : ''}`} dir="ltr">
      {phase !== 'passed' && (
        <div
          ref={picture}
          className="account-slide-picture"
          style={{ aspectRatio: `${width} / ${height}` }}
          data-challenge-id={challenge?.id}
        >
          {challenge && phase !== 'loading' && phase !== 'error' ? (
            <>
              <img className="account-slide-bg" src={challenge.background} alt="" draggable={false} />
              <img
                className="account-slide-piece"
                src={challenge.piece}
                alt=""
                draggable={false}
                style={{
                  insetInlineStart: percent(x),
                  insetBlockStart: `${(challenge.pieceY / height) * 100}%`,
                  inlineSize: percent(piece),
                }}
              />
            </>
          ) : phase === 'error' ? (
            <div className="account-slide-error" dir={i18n.dir()}>
              <p>{failure}</p>
              <button type="button" className="account-text-button" onClick={() => void load()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <div className="account-slide-skeleton" aria-hidden="true" />
          )}
          {phase === 'ready' && (
            <button
              type="button"
              className="account-slide-refresh"
              onClick={() => void load()}
              aria-label={t('slide.refresh')}
              title={t('slide.refresh')}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
                />
              </svg>
            </button>
          )}
        </div>
      )}
      <div className="account-slide-track">
        <div
          className="account-slide-fill"
          style={{ inlineSize: percent(phase === 'passed' ? width : x + piece) }}
        />
        <span className="account-slide-hint" id={hintId} aria-live="polite">
          <span dir={i18n.dir()}>{status}</span>
        </span>
        {phase === 'passed' ? (
          <span className="account-slide-done" aria-hidden="true">
            ✓
          </span>
        ) : (
          <div
            role="slider"
            tabIndex={phase === 'ready' ? 0 : -1}
            aria-label={t('slide.handle')}
            aria-describedby={hintId}
            aria-valuemin={0}
            aria-valuemax={maxX}
            aria-valuenow={Math.round(x)}
            aria-disabled={phase !== 'ready'}
            className="account-slide-handle"
            style={{ insetInlineStart: percent(x), inlineSize: percent(piece) }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M10 6 8.6 7.4 13.2 12l-4.6 4.6L10 18l6-6z" />
            </svg>
          </div>
        )}
      </div>
    </div>
  );
}
