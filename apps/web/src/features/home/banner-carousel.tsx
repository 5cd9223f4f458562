/**
 * The home banners: a plain carousel (no library). Slides move by a CSS transform; arrows, dots, the
 * arrow keys and a swipe change the slide; it advances every 5 s unless paused (button, hover, focus,
 * or the visitor's reduced-motion setting). Slides out of view are inert, so Tab never lands there.
 */
import type { BannerDto } from '@mall/contract';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';

const INTERVAL_MS = 5000;

function Slide({ banner, first }: { banner: BannerDto; first: boolean }) {
  const img = (
    <img
      src={banner.imgUrl}
      alt={banner.title}
      width={1200}
      height={400}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
    />
  );
  if (banner.link.startsWith('/')) return <LangLink to={banner.link}>{img}</LangLink>;
  if (/^https?:\/\//.test(banner.link))
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  return img;
}

export function BannerCarousel({ banners }: { banners: readonly BannerDto[] }) {
  const { t } = useTranslation('shop');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [holding, setHolding] = useState(false);
  const startX = useRef<number | null>(null);
  const count = banners.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);
  const rtl = () => document.documentElement.dir === 'rtl';

  useEffect(() => {
    if (paused || holding || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, holding, count]);

  if (count === 0) return <div className="banner is-empty" />;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const forward = (event.key === 'ArrowRight') !== rtl();
    go(index + (forward ? 1 : -1));
    event.preventDefault();
  };

  return (
    <section
      className="banner"
      aria-roledescription={t('banner.carousel')}
      aria-label={t('banner.label')}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      <div
        className="banner-viewport"
        onPointerDown={(e) => {
          startX.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (Math.abs(dx) < 40) return;
          go(index + (dx < 0 !== rtl() ? 1 : -1));
        }}
        onPointerCancel={() => {
          startX.current = null;
        }}
      >
        <ul
          className="banner-track"
          style={{ '--i': index } as CSSProperties}
          aria-live={paused || holding ? 'polite' : 'off'}
        >
          {banners.map((b, i) => (
            <li
              key={b.bannerId}
              aria-roledescription={t('banner.slide')}
              aria-label={t('banner.position', { n: i + 1, total: count })}
              inert={i !== index}
            >
              <Slide banner={b} first={i === 0} />
            </li>
          ))}
        </ul>
      </div>
      {count > 1 && (
        <div className="banner-controls">
          <button
            type="button"
            className="banner-arrow is-prev"
            onClick={() => go(index - 1)}
            aria-label={t('banner.prev')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <div className="banner-dots">
            {banners.map((b, i) => (
              <button
                type="button"
                key={b.bannerId}
                aria-label={t('banner.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="banner-arrow is-next"
            onClick={() => go(index + 1)}
            aria-label={t('banner.next')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <button
            type="button"
            className="banner-pause"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t('banner.play') : t('banner.pause')}
            aria-pressed={paused}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d={paused ? 'M7 4l13 8-13 8z' : 'M6 4h4v16H6zM14 4h4v16h-4z'} fill="currentColor" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
