/**
 * Real (if small) PNG pictures for photo pickers and uploads, drawn here: the server sniffs the
 * bytes, and screenshots show something recognisable. Encoded by the API's own PNG writer.
 */
import { encodePng } from '../../apps/api/src/modules/accounts/slide-image.ts';

type Rgb = readonly number[];

/** A `width` × `height` RGB picture with each pixel's colour from `colourAt`. */
export function rgbPng(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgb.set(colourAt(x, y), (y * width + x) * 3);
  }
  return encodePng(width, height, rgb);
}

/** An identity card: a blue band, a photo box and lines of text. */
export const passportPng = (width = 320, height = 220): Buffer =>
  rgbPng(width, height, (x, y) => {
    const photo = x > 20 && x < 110 && y > 50 && y < 170;
    const line = x > 130 && x < width - 20 && y > 60 && y < 170 && y % 24 < 6;
    return photo ? [150, 160, 175] : line ? [110, 120, 135] : y < 36 ? [28, 63, 120] : [236, 240, 246];
  });

/** A payment receipt (proof of a deposit): a green band over ruled lines. */
export const receiptPng = (width = 240, height = 320): Buffer =>
  rgbPng(width, height, (x, y) => {
    if (y > 80 && x > 20 && x < width - 20 && y % 32 < 6) return [120, 130, 140];
    return y < 60 ? [38, 161, 123] : (y >> 4) % 2 === 0 ? [245, 246, 248] : [226, 230, 234];
  });

const PHOTO_COLOURS: Rgb[] = [
  [38, 161, 123],
  [230, 119, 0],
  [66, 99, 235],
];
/** A 160×160 "photo" of goods: diagonal stripes in one of a few colours, by `seed`. */
export const goodsPhotoPng = (seed: number): Buffer => {
  const base = PHOTO_COLOURS[seed % PHOTO_COLOURS.length] as Rgb;
  const light = base.map((c) => Math.min(255, c + 60));
  return rgbPng(160, 160, (x, y) => (((x + y) >> 4) % 2 === 0 ? base : light));
};

/** A 240 × 160 warm gradient with a white band (a lamp, a licence), so thumbnails show something. */
export const gradientPng = (): Buffer =>
  rgbPng(240, 160, (x, y) =>
    y > 60 && y < 100
      ? [255, 255, 255]
      : [200 + Math.round((x / 240) * 55), 120 + Math.round((y / 160) * 80), 60],
  );
