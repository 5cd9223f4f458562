/**
 * A real S3-compatible server for tests: s3rver in its own process, on a port the system picks,
 * keeping its objects in a fresh temporary folder, with the given buckets made at start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { BRANDS } from '@mall/contract';

export interface S3rverProcess {
  endpoint: string;
  /** The env that points the mall at this server (STORAGE=s3 and S3_*). */
  env: Record<string, string>;
  client: S3Client;
  /** An object's bytes, or undefined when there is none. */
  object(bucket: string, key: string): Promise<Buffer | undefined>;
  keys(bucket: string): Promise<string[]>;
  /** Stops the process (it can no longer be reached) and removes its folder. */
  stop(): Promise<void>;
}

export const ALL_BRAND_BUCKETS = BRANDS.map((b) => b.storageBucket);

const binary = join(
  dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
  'bin',
  's3rver.js',
);

export async function startS3rver(buckets: readonly string[] = ALL_BRAND_BUCKETS): Promise<S3rverProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'mall-s3rver-'));
  const args = [binary, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent'];
  for (const bucket of buckets) args.push('--configure-bucket', bucket);
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on [^:\s]+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${out}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let stopped = false;
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '3000',
    },
    client,
    async object(bucket, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async keys(bucket) {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
