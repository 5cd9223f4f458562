/**
 * Storage settings (read by config/env.ts, the one reader of process.env) and the adapter they
 * choose. `STORAGE=local` (default) keeps files under DATA_DIR; `STORAGE=s3` puts them in each
 * brand's bucket (`storageBucket` of the brand table, or S3_BUCKET for all) on an S3-compatible
 * server. Every bucket is checked at start, so a missing one stops the server with its name.
 */
import { BRANDS, type Brand } from '@mall/contract';
import { z } from 'zod';
import { createS3Storage, type S3Settings } from './s3-storage.ts';
import { createDiskStorage, type ObjectStorage } from './storage.ts';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

const schema = z
  .object({
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag,
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
      .optional(),
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    STORAGE_URL_SECRET: z.string().min(32).optional(),
  })
  .refine((e) => (e.S3_ACCESS_KEY_ID === undefined) === (e.S3_SECRET_ACCESS_KEY === undefined), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

export interface StorageConfig {
  readonly kind: 'local' | 's3';
  readonly s3: S3Settings;
  /** One bucket for every brand instead of each brand's own `storageBucket`. */
  readonly bucketOverride: string | undefined;
  /** Signs the short-lived links to private files; every process of a mall needs the same one. */
  readonly urlSecret: string | undefined;
}

export function parseStorageConfig(env: Record<string, string | undefined>): StorageConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  return Object.freeze({
    kind: e.STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      timeoutMs: e.S3_TIMEOUT_MS,
    },
    bucketOverride: e.S3_BUCKET,
    urlSecret: e.STORAGE_URL_SECRET,
  });
}

/** The bucket a brand's files live in. */
export type BucketOf = (brandKey: string) => string;

export function bucketResolver(config: StorageConfig): BucketOf {
  const byBrand = new Map(BRANDS.map((b: Brand) => [b.key, b.storageBucket]));
  return (brandKey) => {
    if (config.bucketOverride) return config.bucketOverride;
    const bucket = byBrand.get(brandKey);
    if (!bucket) throw new Error(`no storage bucket for brand ${brandKey}`);
    return bucket;
  };
}

/** The adapter the settings choose, with every brand's bucket checked (StorageError if missing). */
export async function openStorage(config: StorageConfig, dataDir: string): Promise<ObjectStorage> {
  const storage = config.kind === 's3' ? createS3Storage(config.s3) : createDiskStorage(dataDir);
  const bucketOf = bucketResolver(config);
  const buckets = new Set(BRANDS.map((b) => bucketOf(b.key)));
  for (const bucket of buckets) await storage.checkBucket(bucket);
  return storage;
}
