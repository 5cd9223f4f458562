/**
 * Image uploads (`/api/upload/img`) shared by chat, wallet proofs, reviews and identity documents:
 * JPEG and PNG only, recognised by their magic bytes; size limited per module; stored through
 * core/storage and recorded with their owner, so other modules can check an image is one of ours.
 */
import { UPLOAD_LIMITS, type UploadModule } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Storage } from '../../core/storage/storage.ts';

export interface StoredImage {
  id: string;
  url: string;
  mime: string;
  size: number;
}

/** The image type by content: JPEG starts FF D8 FF, PNG with its 8-byte signature; else undefined. */
export function sniffImage(bytes: Buffer): { mime: string; ext: 'jpg' | 'png' } | undefined {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b)) return { mime: 'image/png', ext: 'png' };
  return undefined;
}

export function isUploadModule(value: unknown): value is UploadModule {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_LIMITS, value);
}

export class UploadService {
  constructor(
    private readonly db: Executor,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  async storeImage(brand: string, userId: string, module: UploadModule, bytes: Buffer): Promise<StoredImage> {
    if (bytes.length === 0) throw new AppError('UPLOAD_FAILED');
    if (bytes.length > UPLOAD_LIMITS[module]) {
      throw new AppError('IMAGE_TOO_LARGE', { maxBytes: UPLOAD_LIMITS[module] });
    }
    const type = sniffImage(bytes);
    if (!type) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
    const id = newId();
    const now = this.clock.now();
    const month = new Date(now).toISOString().slice(0, 7);
    const key = `${brand}/${month}/${id}.${type.ext}`;
    const url = await this.storage.put(key, bytes);
    await this.db
      .insertInto('uploads')
      .values({
        id,
        brand,
        user_id: userId,
        module,
        path: key,
        mime: type.mime,
        size: bytes.length,
        created_at: now,
      })
      .execute();
    return { id, url, mime: type.mime, size: bytes.length };
  }

  /**
   * The URL of an image this user uploaded, given its id or its URL (relative or absolute);
   * IMAGE_NOT_FOUND for anything else, so nobody can attach a stranger's or an outside picture.
   */
  async ownImageUrl(brand: string, userId: string, idOrUrl: string): Promise<string> {
    const key = /^[0-9A-Z]{26}$/.test(idOrUrl) ? undefined : this.storage.keyOf(idOrUrl);
    let q = this.db
      .selectFrom('uploads')
      .select('path')
      .where('brand', '=', brand)
      .where('user_id', '=', userId);
    if (key) q = q.where('path', '=', key);
    else if (/^[0-9A-Z]{26}$/.test(idOrUrl)) q = q.where('id', '=', idOrUrl);
    else throw new AppError('IMAGE_NOT_FOUND');
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('IMAGE_NOT_FOUND');
    return this.storage.urlOf(row.path);
  }

  async read(key: string): Promise<{ bytes: Buffer; mime: string } | undefined> {
    const bytes = await this.storage.get(key);
    if (!bytes) return undefined;
    const type = sniffImage(bytes);
    return type ? { bytes, mime: type.mime } : undefined;
  }
}
