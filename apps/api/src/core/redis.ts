/**
 * Redis connections of a process: connected before the server listens (an unreachable Redis stops
 * the start with a clear message), errors logged rather than thrown, reconnects reported.
 */
import { Redis } from 'ioredis';

export interface RedisOptions {
  /** How long the first connection may take before the start gives up. */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
  /** CLIENT SETNAME, to find a process's connections in CLIENT LIST. */
  name?: string;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export async function connectRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const timeout = options.connectTimeoutMs ?? 5000;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectTimeout: timeout,
    ...(options.name ? { connectionName: options.name } : {}),
    // Once running, keep trying (at most every 2 s): a Redis restart must not take the mall down.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let firstError: Error | undefined;
  redis.on('error', (error: Error) => {
    firstError ??= error;
    options.onError?.(error);
  });
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${timeout} ms`)), timeout).unref(),
      ),
    ]);
  } catch (error) {
    redis.disconnect();
    const reason = (firstError ?? (error as Error)).message || String(error);
    throw new Error(
      `Cannot reach Redis at ${redactUrl(url)} (${reason}): check REDIS_URL and that Redis runs`,
    );
  }
  return redis;
}
