/** The `verification_flags` table: raised by operators, lifted by hand or by a later C3 approval. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import type { VerificationFlagsTable } from './verification.table.ts';

export interface VerificationFlagRow {
  id: string;
  userId: string;
  brand: string;
  reason: string;
  raisedBy: string;
  raisedAt: number;
  liftedHow: 'operator' | 'c3' | null;
  liftedBy: string | null;
  liftedAt: number | null;
  liftRemark: string | null;
}

export interface FlagLift {
  how: 'operator' | 'c3';
  by: string | null;
  at: number;
  remark: string | null;
}

function toRow(r: Selectable<VerificationFlagsTable>): VerificationFlagRow {
  return {
    id: r.id,
    userId: r.user_id,
    brand: r.brand,
    reason: r.reason,
    raisedBy: r.raised_by,
    raisedAt: Number(r.raised_at),
    liftedHow: (r.lifted_how as VerificationFlagRow['liftedHow']) ?? null,
    liftedBy: r.lifted_by,
    liftedAt: r.lifted_at === null ? null : Number(r.lifted_at),
    liftRemark: r.lift_remark,
  };
}

export class VerificationFlagsRepository {
  constructor(private readonly db: Executor) {}

  /** The earliest open flag of a user: a C3 approval must come after it to close them all. */
  async open(userId: string, executor: Executor = this.db): Promise<VerificationFlagRow | undefined> {
    const row = await executor
      .selectFrom('verification_flags')
      .selectAll()
      .where('user_id', '=', userId)
      .where('lifted_at', 'is', null)
      .orderBy('raised_at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /** Every flag of a user, newest first: the history the console shows. */
  async history(userId: string, executor: Executor = this.db): Promise<VerificationFlagRow[]> {
    const rows = await executor
      .selectFrom('verification_flags')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('raised_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toRow);
  }

  async insert(executor: Executor, row: VerificationFlagRow): Promise<void> {
    await executor
      .insertInto('verification_flags')
      .values({
        id: row.id,
        user_id: row.userId,
        brand: row.brand,
        reason: row.reason,
        raised_by: row.raisedBy,
        raised_at: row.raisedAt,
        lifted_how: null,
        lifted_by: null,
        lifted_at: null,
        lift_remark: null,
      })
      .execute();
  }

  /** Lifts one flag (`id`) or every open flag of a user (`userId`); answers how many were open. */
  async lift(target: { id: string } | { userId: string }, lift: FlagLift, executor: Executor = this.db) {
    let q = executor
      .updateTable('verification_flags')
      .set({ lifted_how: lift.how, lifted_by: lift.by, lifted_at: lift.at, lift_remark: lift.remark })
      .where('lifted_at', 'is', null);
    q = 'id' in target ? q.where('id', '=', target.id) : q.where('user_id', '=', target.userId);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
