/**
 * Sessions: opaque 256-bit tokens handed to the client once, kept only as SHA-256 hashes,
 * sliding expiry, revocable one by one or all of a user's at once (logout, password change, lock).
 * Every process keeps a live session for at most 2 s after reading it (authenticated reads are
 * the hottest path); a revocation drops it at once here and, through the bus, in every process.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { SessionRepository } from './session.repository.ts';
import type { SignInFrom } from './sign-in-devices.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest a process trusts a session it read without reading it again. */
export const SESSION_CACHE_MS = 2000;
const CACHE_MAX = 50_000;
const REVOKED = 'sessions.revoked';

/** Keyed by the raw token, which is in this process's memory anyway: a hit costs no hashing. */
interface Cached {
  hash: string;
  userId: string;
  brand: string;
  expiresAt: number;
  until: number;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionService {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly repository: SessionRepository,
    private readonly clock: Clock,
    private readonly bus?: Bus,
  ) {
    bus?.subscribe(REVOKED, (payload) => {
      const p = payload as { userId?: unknown; tokenHash?: unknown } | null;
      if (typeof p?.tokenHash === 'string') this.forgetHash(p.tokenHash);
      if (typeof p?.userId === 'string') this.forgetUser(p.userId);
    });
  }

  /** Drops this process's copies (after a bus reconnect: a revocation may have been lost). */
  forgetCached(): void {
    this.cache.clear();
  }

  private forgetUser(userId: string): void {
    for (const [token, entry] of this.cache) if (entry.userId === userId) this.cache.delete(token);
  }

  private forgetHash(hash: string): void {
    for (const [token, entry] of this.cache) if (entry.hash === hash) this.cache.delete(token);
  }

  private async announce(payload: { userId?: string; tokenHash?: string }): Promise<void> {
    await this.bus?.publish(REVOKED, payload);
  }

  /** A new session; a sign-up or sign-in (`from`) also records its device and address. */
  async issue(userId: string, brand: string, from?: SignInFrom): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.repository.insert(hashToken(token), userId, brand, now, now + SESSION_TTL_MS);
    if (from) await this.repository.recordSignIn(userId, brand, from, now);
    return token;
  }

  /** The user of a live session this process read less than 2 s ago, else undefined (no I/O). */
  cachedUser(ctx: RequestContext): string | undefined {
    if (!ctx.token) return undefined;
    const hit = this.cache.get(ctx.token);
    if (!hit || hit.brand !== ctx.brand.key) return undefined;
    const now = this.clock.now();
    return hit.until > now && hit.expiresAt > now ? hit.userId : undefined;
  }

  /** The user behind the request's token, or a 403-coded catalogue error. */
  async authenticate(ctx: RequestContext): Promise<string> {
    if (!ctx.token) throw new AppError('NOT_LOGGED_IN');
    if (ctx.token.length > 128) throw new AppError('INVALID_TOKEN');
    const now = this.clock.now();
    const hit = this.cache.get(ctx.token);
    if (hit && hit.until > now && hit.expiresAt > now) {
      if (hit.brand !== ctx.brand.key) throw new AppError('INVALID_TOKEN');
      return hit.userId;
    }
    const hash = hashToken(ctx.token);
    const session = await this.repository.findByHash(hash);
    if (!session || session.brand !== ctx.brand.key) throw new AppError('INVALID_TOKEN');
    if (session.revokedAt !== null || session.expiresAt <= now) {
      this.cache.delete(ctx.token);
      throw new AppError('SESSION_EXPIRED');
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(ctx.token, {
      hash,
      userId: session.userId,
      brand: session.brand,
      expiresAt: session.expiresAt,
      until: now + SESSION_CACHE_MS,
    });
    return session.userId;
  }

  /** Keeps a live session alive (the client calls this every 5 minutes). */
  async heartbeat(ctx: RequestContext): Promise<void> {
    if (!ctx.token) throw new AppError('NOT_LOGGED_IN');
    const now = this.clock.now();
    await this.repository.touch(hashToken(ctx.token), now, now + SESSION_TTL_MS);
  }

  async revoke(token: string): Promise<void> {
    const hash = hashToken(token);
    await this.repository.revoke(hash, this.clock.now());
    this.cache.delete(token);
    await this.announce({ tokenHash: hash });
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.repository.revokeAllForUser(userId, this.clock.now());
    this.forgetUser(userId);
    await this.announce({ userId });
  }
}
