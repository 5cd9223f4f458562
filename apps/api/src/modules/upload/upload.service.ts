/**
 * Image uploads (`/api/upload/img`) shared by chat, wallet proofs, reviews, goods, banners and
 * identity documents: decoded and re-encoded as WebP (image-pipeline.ts), stored through the
 * storage port in the brand's bucket, and recorded with their owner so other modules can check an
 * image is one of ours. Files are written first and recorded last: a failed write removes what it
 * wrote and records nothing, so no record ever points at a missing file.
 *
 * `proof` and `verification` files are private: kept under `private/` keys, recorded with the URL
 * `/api/upload/private/<id>`, and read only by their owner, the staff roles of PRIVATE_VIEWERS, or
 * a link the API signed for someone it showed the record to (core/storage/private-links.ts).
 */
import type { Role, UploadModule } from '@mall/contract';
import { UPLOAD_LIMITS } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { BucketOf } from '../../core/storage/config.ts';
import { privateIdOf, privateUrlOf } from '../../core/storage/private-links.ts';
import { type ObjectStorage, publicKeyOf, UPLOADS_URL_PREFIX } from '../../core/storage/storage.ts';
import { processImage, type Rendition } from './image-pipeline.ts';

export interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface StoredImage {
  id: string;
  url: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  /** Smaller WebP copies (`<id>-<w>.webp`), smallest first; none for private files. */
  sizes: ImageSize[];
}

/** Private modules and the staff roles that may see their files besides the owner. */
export const PRIVATE_VIEWERS: Partial<Record<UploadModule, readonly Role[]>> = {
  // Finance reviews recharge proofs; admins review merchant applications' company proofs.
  proof: ['admin', 'finance'],
  // Risk reviews identity and loan applications.
  verification: ['admin', 'risk'],
};

export const isPrivateModule = (module: string): boolean => Object.hasOwn(PRIVATE_VIEWERS, module);

/** The image type by content: JPEG starts FF D8 FF, PNG with its 8-byte signature; else undefined. */
export function sniffImage(bytes: Buffer): { mime: string; ext: 'jpg' | 'png' | 'webp' } | undefined {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b)) return { mime: 'image/png', ext: 'png' };
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}

export function isUploadModule(value: unknown): value is UploadModule {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_LIMITS, value);
}

/** Where storage faults are told to the operator (a pino logger fits). */
export interface StorageLog {
  error(details: object, message: string): void;
}

/** Who asks for a private file: a signed-in user, or a holder of a valid signed link. */
export type PrivateReader = { userId: string; roles: readonly Role[]; brand: string } | 'signed-link';

const variantKey = (key: string, w: number) => key.replace(/\.webp$/, `-${w}.webp`);

export class UploadService {
  constructor(
    private readonly db: Executor,
    private readonly storage: ObjectStorage,
    private readonly bucketOf: BucketOf,
    private readonly clock: Clock,
    private readonly log: StorageLog,
  ) {}

  async storeImage(brand: string, userId: string, module: UploadModule, bytes: Buffer): Promise<StoredImage> {
    if (bytes.length === 0) throw new AppError('UPLOAD_FAILED');
    if (bytes.length > UPLOAD_LIMITS[module]) {
      throw new AppError('IMAGE_TOO_LARGE', { maxBytes: UPLOAD_LIMITS[module] });
    }
    // The first bytes turn away most strangers before sharp reads a byte of them.
    if (!sniffImage(bytes)) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
    const image = await processImage(bytes, module);
    const id = newId();
    const now = this.clock.now();
    const month = new Date(now).toISOString().slice(0, 7);
    const isPrivate = isPrivateModule(module);
    const key = `${isPrivate ? 'private/' : ''}${brand}/${month}/${id}.${image.ext}`;
    const files: Array<[string, Rendition]> = [
      [key, image.main],
      ...image.sizes.map((r): [string, Rendition] => [variantKey(key, r.w), r]),
    ];
    const bucket = this.bucketOf(brand);
    const written: string[] = [];
    try {
      for (const [fileKey, rendition] of files) {
        await this.storage.put(bucket, fileKey, rendition.bytes, image.mime);
        written.push(fileKey);
      }
      await this.db
        .insertInto('uploads')
        .values({
          id,
          brand,
          user_id: userId,
          module,
          path: key,
          mime: image.mime,
          size: image.main.bytes.length,
          width: image.main.width,
          height: image.main.height,
          sizes: JSON.stringify(image.sizes.map(({ w, width, height }) => ({ w, width, height }))),
          created_at: now,
        })
        .execute();
    } catch (error) {
      await this.removeQuietly(bucket, written);
      this.log.error({ err: error, bucket, key }, `upload not stored: ${(error as Error).message}`);
      throw new AppError('UPLOAD_FAILED');
    }
    return {
      id,
      url: isPrivate ? privateUrlOf(id) : UPLOADS_URL_PREFIX + key,
      mime: image.mime,
      size: image.main.bytes.length,
      width: image.main.width,
      height: image.main.height,
      sizes: image.sizes.map((r) => ({
        url: UPLOADS_URL_PREFIX + variantKey(key, r.w),
        width: r.width,
        height: r.height,
      })),
    };
  }

  private async removeQuietly(bucket: string, keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(bucket, key);
      } catch (error) {
        // Left behind unrecorded: an orphan file costs space, never a broken record.
        this.log.error({ err: error, bucket, key }, 'could not remove a file of a failed upload');
      }
    }
  }

  /**
   * The URL of an image this user uploaded, given its id or its URL (public, or private plain or
   * signed; relative or absolute); IMAGE_NOT_FOUND for anything else, so nobody can attach a
   * stranger's or an outside picture. A private image answers its plain (unsigned) URL to record.
   */
  async ownImageUrl(brand: string, userId: string, idOrUrl: string): Promise<string> {
    const isId = /^[0-9A-Z]{26}$/.test(idOrUrl);
    const privateId = isId ? undefined : privateIdOf(idOrUrl);
    const key = isId || privateId ? undefined : publicKeyOf(idOrUrl);
    let q = this.db
      .selectFrom('uploads')
      .select(['id', 'path', 'module'])
      .where('brand', '=', brand)
      .where('user_id', '=', userId);
    if (isId) q = q.where('id', '=', idOrUrl);
    else if (privateId) q = q.where('id', '=', privateId);
    else if (key) q = q.where('path', '=', key);
    else throw new AppError('IMAGE_NOT_FOUND');
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('IMAGE_NOT_FOUND');
    return row.path.startsWith('private/') ? privateUrlOf(row.id) : UPLOADS_URL_PREFIX + row.path;
  }

  /** A public file (`/uploads/<key>`), or undefined; private files never answer here. */
  async readPublic(key: string): Promise<{ bytes: Buffer; mime: string } | undefined> {
    if (!publicKeyOf(UPLOADS_URL_PREFIX + key)) return undefined;
    // Files from before private keys kept their proofs and documents under public keys.
    if (!key.endsWith('.webp')) {
      const row = await this.db
        .selectFrom('uploads')
        .select('module')
        .where('path', '=', key)
        .executeTakeFirst();
      if (row && isPrivateModule(row.module)) return undefined;
    }
    return this.readKey(key.slice(0, key.indexOf('/')), key);
  }

  /**
   * A private file by upload id: NOT_LOGGED_IN for nobody, NO_PERMISSION for a user who is neither
   * its owner nor staff allowed to see it (or a file of another brand), undefined when there is none.
   */
  async readPrivate(
    id: string,
    reader: PrivateReader | undefined,
  ): Promise<{ bytes: Buffer; mime: string } | undefined> {
    const row = await this.db
      .selectFrom('uploads')
      .select(['brand', 'user_id', 'module', 'path'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!reader) throw new AppError('NOT_LOGGED_IN');
    if (!row || !isPrivateModule(row.module)) return undefined;
    if (reader !== 'signed-link') {
      const viewers = PRIVATE_VIEWERS[row.module as UploadModule] ?? [];
      const allowed =
        reader.brand === row.brand &&
        (reader.userId === row.user_id || reader.roles.some((role) => viewers.includes(role)));
      if (!allowed) throw new AppError('NO_PERMISSION');
    }
    return this.readKey(row.brand, row.path);
  }

  private async readKey(brand: string, key: string): Promise<{ bytes: Buffer; mime: string } | undefined> {
    let bucket: string;
    try {
      bucket = this.bucketOf(brand);
    } catch {
      return undefined;
    }
    const bytes = await this.storage.get(bucket, key);
    if (!bytes) return undefined;
    const type = sniffImage(bytes);
    return type ? { bytes, mime: type.mime } : undefined;
  }
}
