/**
 * The product gallery: the main picture with a zoom under the mouse (the 800 px image moves with the
 * pointer), thumbnails to switch, and an enlarged view in a native modal dialog (click, tap, or the
 * Enlarge button; Escape closes, arrows switch). Images have their sizes set, so nothing shifts.
 */
import type { GoodsImageDto } from '@mall/contract';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translator/react.ts';

export function Gallery({ images, name }: { images: readonly GoodsImageDto[]; name: string }) {
  const { t } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery-main skeleton" />;
  const count = images.length;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const rtl = () => document.documentElement.dir === 'rtl';

  return (
    <div className="gallery">
      <div
        className="gallery-main"
        onPointerMove={(e) => {
          if (e.pointerType !== 'mouse') return;
          const box = e.currentTarget.getBoundingClientRect();
          setZoom({
            x: ((e.clientX - box.left) / box.width) * 100,
            y: ((e.clientY - box.top) / box.height) * 100,
          });
        }}
        onPointerLeave={() => setZoom(null)}
      >
        <button
          type="button"
          className="gallery-open"
          onClick={() => dialog.current?.showModal()}
          aria-label={t('gallery.enlarge')}
        >
          <img src={current.imgUrl} alt={name} width={400} height={400} fetchPriority="high" />
        </button>
        {zoom && (
          <div
            className="gallery-zoom"
            aria-hidden="true"
            style={
              {
                backgroundImage: `url("${current.zoomImg}")`,
                backgroundPosition: `${zoom.x}% ${zoom.y}%`,
              } as CSSProperties
            }
          />
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs" aria-label={t('gallery.pictures')}>
          {images.map((img, i) => (
            <li key={img.imgUrl}>
              <button
                type="button"
                aria-label={t('gallery.picture', { n: i + 1, total: count })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <img src={img.imgUrl} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        className="gallery-dialog"
        aria-label={name}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
            step((e.key === 'ArrowRight') !== rtl() ? 1 : -1);
            e.preventDefault();
          }
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        {/* Lazy: a closed dialog's picture is fetched when it opens, not with every product page. */}
        <img src={current.zoomImg} alt={name} width={800} height={800} loading="lazy" />
        <div className="gallery-dialog-bar">
          {count > 1 && (
            <button type="button" onClick={() => step(-1)}>
              {t('gallery.prev')}
            </button>
          )}
          <bdi dir="ltr">
            {index + 1} / {count}
          </bdi>
          {count > 1 && (
            <button type="button" onClick={() => step(1)}>
              {t('gallery.next')}
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('gallery.close')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
