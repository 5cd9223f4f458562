/**
 * The S3-compatible adapter of the storage port (AWS S3, MinIO, Ceph, s3rver in tests). Objects
 * are written whole with one PutObject, so a failed write leaves no object behind; every call has
 * a time bound, so an unreachable endpoint fails an upload instead of hanging it.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ObjectStorage, StorageError } from './storage.ts';

export interface S3Settings {
  /** `http://minio:9000`; undefined uses AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither uses the SDK's default chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Milliseconds one call may take before it fails. */
  timeoutMs: number;
}

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown): string => (error as { name?: string }).name ?? '';

export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
  const signal = () => ({ abortSignal: AbortSignal.timeout(settings.timeoutMs) });
  const fault = (bucket: string, key: string | undefined, action: string, error: unknown): StorageError => {
    const name = nameOf(error);
    if (name === 'NoSuchBucket' || (key === undefined && statusOf(error) === 404)) {
      return new StorageError(
        `storage bucket "${bucket}" does not exist at ${where}: create it, or set S3_BUCKET to one that does`,
      );
    }
    const target = key === undefined ? `bucket "${bucket}"` : `"${bucket}/${key}"`;
    return new StorageError(`cannot ${action} ${target} at ${where}: ${name} ${(error as Error).message}`);
  };
  return {
    kind: 's3',
    async put(bucket, key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
          signal(),
        );
      } catch (error) {
        throw fault(bucket, key, 'write', error);
      }
    },
    async get(bucket, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), signal());
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey' || statusOf(error) === 404) return undefined;
        throw fault(bucket, key, 'read', error);
      }
    },
    async delete(bucket, key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), signal());
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey' || statusOf(error) === 404) return;
        throw fault(bucket, key, 'delete', error);
      }
    },
    async checkBucket(bucket) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), signal());
      } catch (error) {
        throw fault(bucket, undefined, 'reach', error);
      }
    },
  };
}
