import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, processImage } from './image-pipeline.ts';
import { PNG, photoWithGps, pngBomb, SCRIPT_WITH_PNG_HEADER, solidPng } from './upload.test-helpers.ts';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as { key?: string }).key;
  }
  return 'accepted';
};

describe('image pipeline', () => {
  it('re-encodes a phone photo as WebP without its EXIF (GPS, camera)', async () => {
    const photo = await photoWithGps(1000, 600);
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from('SecretPhone'))).toBe(true);
    const image = await processImage(photo, 'review');
    const after = await sharp(image.main.bytes).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(image.main.bytes.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect(image.main.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect([image.main.width, image.main.height]).toEqual([1000, 600]);
  });

  it('makes the storefront sizes of goods (400, 800, 1200) with their true width and height', async () => {
    const image = await processImage(await solidPng(2000, 1000), 'goods');
    expect([image.main.width, image.main.height]).toEqual([1600, 800]);
    expect(image.sizes.map(({ w, width, height }) => [w, width, height])).toEqual([
      [400, 400, 200],
      [800, 800, 400],
      [1200, 1200, 600],
    ]);
    for (const size of image.sizes) {
      const meta = await sharp(size.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size.width, size.height]);
    }
    // A small picture is never enlarged: its sizes are the picture itself.
    const small = await processImage(PNG, 'review');
    expect(small.sizes.map(({ width, height }) => [width, height])).toEqual([[4, 4]]);
  });

  it('keeps documents large and makes no public sizes of them', async () => {
    const image = await processImage(await solidPng(3000, 2000), 'verification');
    expect([image.main.width, image.main.height]).toEqual([3000, 2000]);
    expect(image.sizes).toEqual([]);
  });

  it('refuses a 20000 x 20000 PNG bomb from its header, in well under a second', async () => {
    const bomb = pngBomb(20000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(20000 * 20000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = performance.now();
    expect(await refusal(processImage(bomb, 'goods'))).toBe('IMAGE_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses what does not decode: a script behind a PNG header, a cut-off PNG, a fake JPEG', async () => {
    expect(await refusal(processImage(SCRIPT_WITH_PNG_HEADER, 'chat'))).toBe('IMAGE_TYPE_NOT_ALLOWED');
    const whole = await solidPng(300, 300);
    expect(await refusal(processImage(whole.subarray(0, whole.length - 40), 'chat'))).toBe(
      'IMAGE_TYPE_NOT_ALLOWED',
    );
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
    expect(await refusal(processImage(fakeJpeg, 'proof'))).toBe('IMAGE_TYPE_NOT_ALLOWED');
    const gif = await sharp(whole).gif().toBuffer();
    expect(await refusal(processImage(gif, 'chat'))).toBe('IMAGE_TYPE_NOT_ALLOWED');
  });

  it('finishes every one of many images sent at once (two decode at a time, the rest wait)', async () => {
    const pictures = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => solidPng(100 * n, 50 * n)));
    const results = await Promise.allSettled([
      ...pictures.map((p) => processImage(p, 'chat')),
      processImage(SCRIPT_WITH_PNG_HEADER, 'chat'),
      processImage(pictures[0]!.subarray(0, 60), 'chat'),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.main.width : 'refused'))).toEqual([
      100,
      200,
      300,
      400,
      500,
      600,
      'refused',
      'refused',
    ]);
  });
});
