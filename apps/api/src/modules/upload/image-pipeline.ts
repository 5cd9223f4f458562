/**
 * Every uploaded image is decoded and re-encoded by the server (sharp), never stored as sent:
 * what does not decode is refused, the pixel count is read from the header and capped before any
 * decoding (a decompression bomb costs a header read), the picture is turned upright and stored as
 * WebP without its metadata (EXIF GPS, camera, ICC), and the sizes the storefront shows are made.
 */
import type { UploadModule } from '@mall/contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../core/errors.ts';

// Decoded pixels are not worth keeping between uploads; the memory is.
sharp.cache(false);

/** 50 megapixels: the largest phone photos (8160 x 6120) pass, a 20000 x 20000 bomb does not. */
export const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);
const ENCODE_SECONDS = 20;

interface Plan {
  /** Longest side of the stored image (smaller ones are kept as they are). */
  maxSide: number;
  /** Widths of the smaller copies, each fitted inside a `w` x `w` box (IMAGE_SIZES in the contract). */
  widths: readonly number[];
  quality: number;
  /** WebP encoder effort (0-6): documents are large, private and seldom read, so they take the fast one. */
  effort: number;
}

/**
 * Documents keep their small print (4096 px, no copies: only the API shows them); goods get the
 * card (400), zoom (800) and banner (1200) widths; reviews and chat a 400 thumbnail.
 */
const PLANS: Record<UploadModule, Plan> = {
  avatar: { maxSide: 512, widths: [160], quality: 82, effort: 4 },
  chat: { maxSide: 1600, widths: [400], quality: 80, effort: 4 },
  review: { maxSide: 1600, widths: [400], quality: 80, effort: 4 },
  goods: { maxSide: 1600, widths: [400, 800, 1200], quality: 82, effort: 4 },
  banner: { maxSide: 2400, widths: [400, 800, 1200], quality: 82, effort: 4 },
  proof: { maxSide: 4096, widths: [], quality: 85, effort: 1 },
  verification: { maxSide: 4096, widths: [], quality: 88, effort: 1 },
};

export interface Rendition {
  /** 0 for the stored image itself, else the box width it was fitted in (its file `<id>-<w>.webp`). */
  w: number;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  mime: 'image/webp';
  ext: 'webp';
  main: Rendition;
  sizes: Rendition[];
}

/** The image's header facts, or IMAGE_TYPE_NOT_ALLOWED / IMAGE_TOO_LARGE without decoding pixels. */
async function inspect(bytes: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_LARGE');
  return { width: meta.width, height: meta.height };
}

async function render(bytes: Buffer, box: number, plan: Plan, w: number): Promise<Rendition> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: plan.quality, effort: plan.effort })
      .timeout({ seconds: ENCODE_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { w, width: info.width, height: info.height, bytes: data };
  } catch {
    // A truncated or corrupt body past a valid header, or one that takes too long to decode.
    throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  }
}

/**
 * At most this many images decode at once per process: a 50-megapixel photo takes ~200 MB while it
 * is decoded, and the CPU is shared with the requests. Others wait their turn (header checks do not).
 */
const MAX_DECODING = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_DECODING) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

export async function processImage(bytes: Buffer, module: UploadModule): Promise<ProcessedImage> {
  await inspect(bytes);
  return withDecodeSlot(() => encodeAll(bytes, module));
}

async function encodeAll(bytes: Buffer, module: UploadModule): Promise<ProcessedImage> {
  const plan = PLANS[module];
  // One after the other: a 2-core machine gains nothing from decoding the same photo twice at once.
  const main = await render(bytes, plan.maxSide, plan, 0);
  const sizes: Rendition[] = [];
  for (const w of plan.widths) sizes.push(await render(main.bytes, w, plan, w));
  return { mime: 'image/webp', ext: 'webp', main, sizes };
}
