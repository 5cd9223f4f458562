import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { recordSignIn, type SignInFrom } from './sign-in-devices.ts';

export interface SessionRow {
  userId: string;
  brand: string;
  expiresAt: number;
  revokedAt: number | null;
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(tokenHash: string, userId: string, brand: string, now: number, expiresAt: number) {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: tokenHash,
        user_id: userId,
        brand,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
        revoked_at: null,
      })
      .execute();
  }

  recordSignIn(userId: string, brand: string, from: SignInFrom, now: number): Promise<void> {
    return recordSignIn(this.db, userId, brand, from, now);
  }

  async findByHash(tokenHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'brand', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      userId: row.user_id,
      brand: row.brand,
      expiresAt: Number(row.expires_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    };
  }

  async touch(tokenHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revoke(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
