/** Test helpers: multipart bodies and a real PNG to upload. */
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
