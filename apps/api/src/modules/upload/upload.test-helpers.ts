/** Test helpers: multipart bodies, real images to upload, and images that must be refused. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from '../../test/harness.ts';
import { encodePng } from '../accounts/slide-image.ts';

export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----mall${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PNG = encodePng(4, 4, new Uint8Array(48).fill(200));

export async function uploadImage(
  t: TestApp,
  token: string,
  moduleName: string,
  bytes: Buffer,
  type = 'image/png',
) {
  const body = multipart({ moduleName }, { name: 'photo.png', type, bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/img?lang=en',
    headers: { ...body.headers, host: 'novamart.localhost', authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return res.json();
}

/** A JPEG photo with EXIF: a GPS position (Paris) and a camera model, as phones write them. */
export async function photoWithGps(width = 1000, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2976/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .toBuffer();
}

/** A PNG of `width` x `height` solid pixels (drawn by sharp, so it decodes). */
export async function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a real, complete PNG of `side` x `side` one-bit pixels, all black. A few
 * dozen KB sent; `side`² pixels (400 million at 20000) once decoded.
 */
export function pngBomb(side = 20000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A script behind a PNG signature: passes a first-bytes check, is no image. */
export const SCRIPT_WITH_PNG_HEADER = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('<script>fetch("/api/user/info").then(r=>r.text()).then(alert)</script>'.repeat(4)),
]);
