/**
 * Operators asking an account for advanced verification (issue 30): risk or an admin raises a
 * flag with a reason, or lifts the open ones with a remark; each is audited in the same
 * transaction. A C3 approval decided after a flag lifts it on the user's next gated call.
 */
import { toWireTime, type VerificationFlagDto, type VerificationFlagsDto } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';
import type { VerificationFlagRow, VerificationFlagsRepository } from './verification-flags.repository.ts';

export interface VerificationFlagPorts {
  /** The user's brand and name, or undefined when there is no such user. */
  user(userId: string): Promise<{ brand: string; username: string } | undefined>;
}

export class VerificationFlagsService {
  constructor(
    private readonly db: Executor,
    private readonly flags: VerificationFlagsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly ports: VerificationFlagPorts,
  ) {}

  /** A user of the operator's own brand, not the operator: others are refused like any admin call. */
  private async target(ctx: RequestContext, userId: string) {
    const user = await this.ports.user(userId);
    if (!user) throw new AppError('USERNAME_NOT_FOUND');
    if (user.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    if (userId === actorOf(ctx).userId) throw new AppError('CANNOT_ACT_ON_SELF');
    return user;
  }

  async raise(ctx: RequestContext, userId: string, reason: string): Promise<VerificationFlagsDto> {
    await this.target(ctx, userId);
    const actor = actorOf(ctx);
    const row: VerificationFlagRow = {
      id: newId(),
      userId,
      brand: ctx.brand.key,
      reason,
      raisedBy: actor.userId,
      raisedAt: this.clock.now(),
      liftedHow: null,
      liftedBy: null,
      liftedAt: null,
      liftRemark: null,
    };
    await inTransaction(this.db, async (tx) => {
      await this.flags.insert(tx, row);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'user.verification_flag.raise',
        targetType: 'user',
        targetId: userId,
        after: { flagId: row.id, reason },
      });
    });
    return this.view(ctx, userId);
  }

  /** Lifts every open flag of the user; with none open nothing is written. */
  async lift(ctx: RequestContext, userId: string, remark: string): Promise<VerificationFlagsDto> {
    await this.target(ctx, userId);
    const actor = actorOf(ctx);
    await inTransaction(this.db, async (tx) => {
      const lifted = await this.flags.lift(
        { userId },
        { how: 'operator', by: actor.userId, at: this.clock.now(), remark: remark || null },
        tx,
      );
      if (lifted === 0) return;
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'user.verification_flag.lift',
        targetType: 'user',
        targetId: userId,
        after: { lifted, remark },
      });
    });
    return this.view(ctx, userId);
  }

  /** The user's flags, newest first, with operators' names. */
  async view(ctx: RequestContext, userId: string): Promise<VerificationFlagsDto> {
    const user = await this.ports.user(userId);
    if (!user || user.brand !== ctx.brand.key) throw new AppError('USERNAME_NOT_FOUND');
    const rows = await this.flags.history(userId);
    const names = new Map<string, string>();
    for (const id of new Set(rows.flatMap((r) => [r.raisedBy, r.liftedBy ?? '']).filter(Boolean))) {
      names.set(id, (await this.ports.user(id))?.username ?? id);
    }
    const flags: VerificationFlagDto[] = rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      raisedBy: names.get(r.raisedBy) ?? r.raisedBy,
      raiseTime: toWireTime(r.raisedAt),
      liftedHow: r.liftedHow,
      liftedBy: r.liftedBy ? (names.get(r.liftedBy) ?? r.liftedBy) : null,
      liftTime: r.liftedAt === null ? null : toWireTime(r.liftedAt),
      liftRemark: r.liftRemark,
    }));
    return { open: rows.some((r) => r.liftedAt === null), flags };
  }
}
