/**
 * Uploads end to end, on both adapters of the storage port (local disk; S3 on a real s3rver
 * process) and both databases: stored re-encoded in the brand's storage, read back through the
 * API, private files refused to others, bad images refused, failed writes leaving nothing behind.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageConfig } from '../../core/storage/config.ts';
import { presentableUrl } from '../../core/storage/private-links.ts';
import { createS3Storage } from '../../core/storage/s3-storage.ts';
import { type S3rverProcess, startS3rver } from '../../core/storage/s3rver.test-helpers.ts';
import { createDiskStorage, type ObjectStorage, StorageError } from '../../core/storage/storage.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import {
  multipart,
  PNG,
  photoWithGps,
  pngBomb,
  SCRIPT_WITH_PNG_HEADER,
  solidPng,
  uploadImage,
} from './upload.test-helpers.ts';

type Adapter = 'local' | 's3';

/** Every file the adapter holds for novamart (keys), to see that a refusal stored nothing. */
interface Place {
  env: Record<string, string>;
  storage(): ObjectStorage;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

function walk(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

async function openPlace(adapter: Adapter): Promise<Place> {
  if (adapter === 'local') {
    const dir = mkdtempSync(join(tmpdir(), 'mall-uploads-'));
    return {
      env: { DATA_DIR: dir },
      storage: () => createDiskStorage(dir),
      keys: async () => [
        ...walk(join(dir, 'uploads')),
        ...walk(join(dir, 'private-uploads')).map((k) => `private/${k}`),
      ],
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const s3: S3rverProcess = await startS3rver();
  return {
    env: s3.env,
    storage: () => createS3Storage(parseStorageConfig(s3.env).s3),
    keys: () => s3.keys('novamart-uploads'),
    close: () => s3.stop(),
  };
}

const HOST = 'novamart.localhost';

async function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({
    url,
    headers: { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

for (const adapter of ['local', 's3'] as const) {
  describeEachDialect(`uploads on ${adapter} storage`, (dialect) => {
    let place: Place;
    let t: TestApp;
    let owner: Registered;
    let other: Registered;
    let finance: Registered;
    let risk: Registered;
    beforeAll(async () => {
      place = await openPlace(adapter);
      t = await createTestApp(dialect, { env: place.env });
      owner = await register(t);
      other = await register(t);
      finance = await register(t);
      await grantRoles(t, finance.userId, ['finance']);
      risk = await register(t);
      await grantRoles(t, risk.userId, ['risk']);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await place?.close();
    });

    const rows = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );

    it('stores a photo as WebP without EXIF in the brand storage, with its sizes, and serves it back', async () => {
      const answer = await uploadImage(t, owner.token, 'review', await photoWithGps(1000, 600), 'image/jpeg');
      expect(answer).toMatchObject({ code: 0, data: { mime: 'image/webp', width: 1000, height: 600 } });
      const url: string = answer.data.data;
      expect(url).toMatch(/^\/uploads\/novamart\/\d{4}-\d{2}\/[0-9A-Z]{26}\.webp$/);
      expect(answer.data.sizes).toEqual([
        { url: url.replace('.webp', '-400.webp'), width: 400, height: 240 },
      ]);
      const key = url.slice('/uploads/'.length);
      expect(await place.keys()).toEqual(expect.arrayContaining([key, key.replace('.webp', '-400.webp')]));

      const served = await get(t, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1000, 600, undefined]);
      expect(served.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
      const small = await get(t, answer.data.sizes[0].url);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(400);

      const row = await t.db.kysely
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', answer.data.id)
        .executeTakeFirstOrThrow();
      expect({ ...row, width: Number(row.width), height: Number(row.height) }).toMatchObject({
        path: key,
        mime: 'image/webp',
        width: 1000,
        height: 600,
      });
      expect(JSON.parse(row.sizes ?? '')).toEqual([{ w: 400, width: 400, height: 240 }]);

      expect((await get(t, url.replace(/[0-9A-Z]{26}/, '0'.repeat(26)))).statusCode).toBe(404);
      expect((await get(t, '/uploads/../../etc/passwd')).statusCode).toBe(404);
    });

    it('makes the goods sizes (400, 800, 1200) from a large product picture', async () => {
      const answer = await uploadImage(t, owner.token, 'goods', await solidPng(2400, 1800));
      expect(answer.data).toMatchObject({ width: 1600, height: 1200 });
      expect(answer.data.sizes.map((s: { width: number; height: number }) => [s.width, s.height])).toEqual([
        [400, 300],
        [800, 600],
        [1200, 900],
      ]);
      for (const size of answer.data.sizes) expect((await get(t, size.url)).statusCode).toBe(200);
    });

    it('refuses a decompression bomb and a script behind an image header, storing nothing', async () => {
      const [before, keysBefore] = [await rows(), await place.keys()];
      // Refused from the header's dimensions, before any pixel is decoded (timed in the bench, not here).
      expect(await uploadImage(t, owner.token, 'goods', pngBomb(20000))).toMatchObject({
        key: 'IMAGE_TOO_LARGE',
      });
      expect(await uploadImage(t, owner.token, 'chat', SCRIPT_WITH_PNG_HEADER)).toMatchObject({
        key: 'IMAGE_TYPE_NOT_ALLOWED',
      });
      const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
      expect(await uploadImage(t, owner.token, 'proof', fakeJpeg, 'image/jpeg')).toMatchObject({
        key: 'IMAGE_TYPE_NOT_ALLOWED',
      });
      expect(
        await uploadImage(t, owner.token, 'chat', Buffer.from('GIF89a....................')),
      ).toMatchObject({
        key: 'IMAGE_TYPE_NOT_ALLOWED',
      });
      expect(await rows()).toBe(before);
      expect(await place.keys()).toEqual(keysBefore);
    });

    it('serves identity documents and payment proofs only to their owner, allowed staff and signed links', async () => {
      const proof = await uploadImage(t, owner.token, 'proof', await photoWithGps(800, 600), 'image/jpeg');
      const document = await uploadImage(t, owner.token, 'verification', PNG);
      for (const answer of [proof, document]) {
        expect(answer.data.data).toBe(`/api/upload/private/${answer.data.id}`);
        expect(answer.data.sizes).toEqual([]);
      }
      const proofUrl: string = proof.data.data;
      const documentUrl: string = document.data.data;

      expect((await get(t, proofUrl)).json()).toMatchObject({ key: 'NOT_LOGGED_IN' });
      expect((await get(t, proofUrl, other.token)).json()).toMatchObject({ key: 'NO_PERMISSION' });
      expect((await get(t, proofUrl, risk.token)).json()).toMatchObject({ key: 'NO_PERMISSION' });
      expect((await get(t, documentUrl, finance.token)).json()).toMatchObject({ key: 'NO_PERMISSION' });
      expect((await get(t, documentUrl)).json()).toMatchObject({ key: 'NOT_LOGGED_IN' });
      expect((await get(t, documentUrl, other.token)).json()).toMatchObject({ key: 'NO_PERMISSION' });
      for (const [url, token] of [
        [proofUrl, owner.token],
        [proofUrl, finance.token],
        [documentUrl, owner.token],
        [documentUrl, risk.token],
      ] as const) {
        const served = await get(t, url, token);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('private, no-store');
      }
      const proofPixels = await get(t, proofUrl, owner.token);
      expect((await sharp(proofPixels.rawPayload).metadata()).exif).toBeUndefined();

      // Signed links (what an allowed answer carries) load without a session, for 15 minutes.
      const signed = presentableUrl(proofUrl);
      expect(signed).toMatch(/\?exp=\d+&sig=[\w-]{32}$/);
      expect((await get(t, signed)).statusCode).toBe(200);
      const tampered = signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A');
      expect((await get(t, tampered)).json()).toMatchObject({ key: 'NO_PERMISSION' });
      expect((await get(t, presentableUrl(proofUrl, Date.now() - 3_600_000))).json()).toMatchObject({
        key: 'NO_PERMISSION',
      });
      const otherId = signed.replace(proof.data.id, document.data.id);
      expect((await get(t, otherId)).json()).toMatchObject({ key: 'NO_PERMISSION' });

      // Never under a public path, whatever the guess.
      const row = await t.db.kysely
        .selectFrom('uploads')
        .select('path')
        .where('id', '=', proof.data.id)
        .executeTakeFirstOrThrow();
      expect(row.path).toMatch(/^private\/novamart\//);
      expect(await place.keys()).toContain(row.path);
      expect((await get(t, `/uploads/${row.path}`)).statusCode).toBe(404);
      expect((await get(t, `/uploads/${row.path.slice('private/'.length)}`)).statusCode).toBe(404);
    });

    it("shows a submitted identity document through a signed link in the owner's and risk's answers", async () => {
      const u = await register(t);
      const photo = async () => (await uploadImage(t, u.token, 'verification', PNG)).data.data as string;
      const submitted = await call(
        t,
        'POST',
        '/api/identity/realname/submit',
        {
          realName: 'Zhang San',
          idNumber: 'E12345678',
          nationality: 'China',
          frontImg: await photo(),
          backImg: await photo(),
        },
        { token: u.token },
      );
      expect(submitted.code, JSON.stringify(submitted)).toBe(0);
      const front: string = submitted.data.frontImg;
      expect(front).toMatch(/^\/api\/upload\/private\/[0-9A-Z]{26}\?exp=\d+&sig=/);
      expect((await get(t, front)).statusCode).toBe(200);
      const plain = front.slice(0, front.indexOf('?'));
      expect((await get(t, plain, other.token)).json()).toMatchObject({ key: 'NO_PERMISSION' });
    });

    it('keeps files from before the pipeline readable, but never a proof under a public path', async () => {
      const storage = place.storage();
      const legacy = async (module: string, id: string) => {
        const key = `novamart/2026-10/${id}.png`;
        await storage.put('novamart-uploads', key, PNG, 'image/png');
        await t.db.kysely
          .insertInto('uploads')
          .values({
            id,
            brand: 'novamart',
            user_id: owner.userId,
            module,
            path: key,
            mime: 'image/png',
            size: PNG.length,
            width: null,
            height: null,
            sizes: null,
            created_at: 0,
          })
          .execute();
        return `/uploads/${key}`;
      };
      const chat = await get(
        t,
        await legacy(
          'chat',
          `01LEGACYCHAT${dialect === 'sqlite' ? 'S' : 'P'}${adapter === 's3' ? 'S' : 'L'}000000000000`,
        ),
      );
      expect(chat.statusCode).toBe(200);
      expect(chat.headers['content-type']).toBe('image/png');
      const proof = await get(
        t,
        await legacy(
          'proof',
          `01LEGACYPRF${dialect === 'sqlite' ? 'S' : 'P'}${adapter === 's3' ? 'S' : 'L'}0000000000000`,
        ),
      );
      expect(proof.statusCode).toBe(404);
    });

    it('limits size per module and needs a session, a known module and a file', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      expect(await uploadImage(t, owner.token, 'chat', big)).toMatchObject({ key: 'IMAGE_TOO_LARGE' });
      const body = multipart({ moduleName: 'chat' }, { name: 'a.png', type: 'image/png', bytes: PNG });
      const anon = await t.app.inject({
        method: 'POST',
        url: '/api/upload/img',
        headers: body.headers,
        payload: body.payload,
      });
      expect(anon.json()).toMatchObject({ code: 403, key: 'NOT_LOGGED_IN' });
      expect(await uploadImage(t, owner.token, 'nope', PNG)).toMatchObject({ key: 'PARAMETER_ERROR' });
      const noFile = multipart({ moduleName: 'chat' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload/img',
        headers: { ...noFile.headers, authorization: `Bearer ${owner.token}` },
        payload: noFile.payload,
      });
      expect(res.json()).toMatchObject({ key: 'MISSING_PARAMETER' });
    });

    it('records nothing and leaves no file when a write fails mid-upload', async () => {
      let puts = 0;
      const real = place.storage();
      // The third file of four (a goods picture and its 400, 800, 1200 sizes) cannot be written.
      const failing: ObjectStorage = {
        ...real,
        async put(bucket, key, bytes, type) {
          puts += 1;
          if (puts === 3) throw new StorageError(`connection reset while writing ${key}`);
          return real.put(bucket, key, bytes, type);
        },
      };
      const broken = await createTestApp(dialect, { env: place.env, storage: failing });
      try {
        const u = await register(broken);
        const keysBefore = await place.keys();
        expect(await uploadImage(broken, u.token, 'goods', await solidPng(1000, 1000))).toMatchObject({
          key: 'UPLOAD_FAILED',
        });
        expect(puts).toBe(3);
        expect(await broken.db.kysely.selectFrom('uploads').selectAll().execute()).toEqual([]);
        expect(await place.keys()).toEqual(keysBefore);
        // The next upload goes through whole.
        expect(await uploadImage(broken, u.token, 'goods', await solidPng(1000, 1000))).toMatchObject({
          code: 0,
        });
      } finally {
        await broken.close();
      }
    }, 60_000);
  });
}

describe('S3 faults', () => {
  it('refuses to start when a brand bucket is missing, naming it', async () => {
    const s3 = await startS3rver(['novamart-uploads']);
    try {
      await expect(createTestApp('sqlite', { env: s3.env })).rejects.toThrow(
        /storage bucket "lumen-uploads" does not exist at http:\/\/127\.0\.0\.1:\d+/,
      );
      await expect(createTestApp('sqlite', { env: { ...s3.env, S3_BUCKET: 'mall-files' } })).rejects.toThrow(
        /storage bucket "mall-files" does not exist/,
      );
      // One bucket for every brand is enough when S3_BUCKET names it.
      const t = await createTestApp('sqlite', { env: { ...s3.env, S3_BUCKET: 'novamart-uploads' } });
      await t.close();
    } finally {
      await s3.stop();
    }
  }, 60_000);

  it('fails an upload with nothing recorded when the bucket disappears or the server goes away', async () => {
    const s3 = await startS3rver();
    const t = await createTestApp('sqlite', { env: s3.env });
    try {
      const u = await register(t);
      const { DeleteBucketCommand } = await import('@aws-sdk/client-s3');
      await s3.client.send(new DeleteBucketCommand({ Bucket: 'novamart-uploads' }));
      expect(await uploadImage(t, u.token, 'chat', PNG)).toMatchObject({ key: 'UPLOAD_FAILED' });
      await s3.stop();
      expect(await uploadImage(t, u.token, 'review', PNG)).toMatchObject({ key: 'UPLOAD_FAILED' });
      expect(await t.db.kysely.selectFrom('uploads').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
      await s3.stop();
    }
  }, 60_000);

  it('checks its settings: keys set together, a valid bucket name', () => {
    expect(() => parseStorageConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
    );
    expect(() => parseStorageConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => parseStorageConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(parseStorageConfig({})).toMatchObject({ kind: 'local', bucketOverride: undefined });
  });
});
