/**
 * Real-name and advanced (C3) verification: the user submits document photos (images they
 * uploaded), a risk operator approves or refuses; C3 only after an approved real name. One open
 * application per kind (a partial unique index); the user's status is kept on the account row.
 */
import {
  ACCOUNT_RULES,
  type AdminIdentityContextDto,
  toWireTime,
  type VerificationDto,
  type VerificationKind,
  type VerificationStatus,
} from '@mall/contract';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { presentableUrl } from '../../core/storage/private-links.ts';
import type { AuditService } from '../audit/index.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { AccountsService } from './accounts.service.ts';
import type { IdentityVerificationsTable } from './identity.table.ts';

type Row = Selectable<IdentityVerificationsTable>;

export interface IdentitySubmission {
  realName?: string | undefined;
  idNumber?: string | undefined;
  nationality?: string | undefined;
  frontImg: string;
  backImg: string;
  handheldImg?: string | undefined;
}

export interface AdminVerificationDto extends VerificationDto {
  id: string;
  userId: string;
  username: string;
}

const REAL_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;

function toDto(kind: VerificationKind, row: Row | undefined): VerificationDto {
  return {
    kind,
    status: (row?.status as VerificationStatus | undefined) ?? 'none',
    realName: row?.real_name ?? null,
    idNumber: row?.id_number ? `${row.id_number.slice(0, 2)}****${row.id_number.slice(-2)}` : null,
    nationality: row?.nationality ?? null,
    frontImg: presentableUrl(row?.front_img ?? null),
    backImg: presentableUrl(row?.back_img ?? null),
    handheldImg: presentableUrl(row?.handheld_img ?? null),
    remark: row?.remark ?? null,
    submitTime: row ? toWireTime(row.created_at) : null,
    reviewTime: row?.reviewed_at ? toWireTime(row.reviewed_at) : null,
  };
}

export class IdentityService {
  /** The message centre's hooks, set by app.ts. */
  notifications?: NotificationEvents;

  constructor(
    private readonly db: Executor,
    private readonly accounts: AccountsService,
    private readonly uploads: UploadService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async latest(userId: string, kind: VerificationKind): Promise<Row | undefined> {
    return this.db
      .selectFrom('identity_verifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** When the user's latest approved C3 application was decided (the verification policy's flags). */
  async c3ApprovedAt(userId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('identity_verifications')
      .select('reviewed_at')
      .where('user_id', '=', userId)
      .where('kind', '=', 'c3')
      .where('status', '=', 'approved')
      .orderBy('reviewed_at', 'desc')
      .executeTakeFirst();
    return row?.reviewed_at == null ? null : Number(row.reviewed_at);
  }

  async status(ctx: RequestContext, kind: VerificationKind): Promise<VerificationDto> {
    return toDto(kind, await this.latest(ctx.actor?.userId ?? '', kind));
  }

  async submit(
    ctx: RequestContext,
    kind: VerificationKind,
    input: IdentitySubmission,
  ): Promise<VerificationDto> {
    const userId = ctx.actor?.userId ?? '';
    const user = await this.accounts.userRow(userId);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    let realName: string | null = null;
    let idNumber: string | null = null;
    let nationality: string | null = null;
    if (kind === 'realname') {
      realName = (input.realName ?? '').trim().replace(/\s+/g, ' ');
      if (
        realName.length < ACCOUNT_RULES.realNameMin ||
        realName.length > ACCOUNT_RULES.realNameMax ||
        !REAL_NAME.test(realName)
      ) {
        throw new AppError('REAL_NAME_FORMAT');
      }
      idNumber = (input.idNumber ?? '').trim();
      if (!ACCOUNT_RULES.idNumberPattern.test(idNumber)) throw new AppError('ID_NUMBER_FORMAT');
      nationality = (input.nationality ?? '').trim() || null;
      if (nationality && nationality.length > 64)
        throw new AppError('PARAMETER_ERROR', { field: 'nationality' });
    } else {
      if (user.realname_status !== 'approved') throw new AppError('REAL_NAME_REQUIRED');
      if (!input.handheldImg) throw new AppError('MISSING_PARAMETER', { field: 'handheldImg' });
    }
    const current = kind === 'realname' ? user.realname_status : user.c3_status;
    if (current === 'approved') throw new AppError('VERIFICATION_ALREADY_APPROVED');
    if (current === 'pending') throw new AppError('VERIFICATION_PENDING');
    const brand = ctx.brand.key;
    const front = await this.uploads.ownImageUrl(brand, userId, input.frontImg);
    const back = await this.uploads.ownImageUrl(brand, userId, input.backImg);
    const handheld = input.handheldImg
      ? await this.uploads.ownImageUrl(brand, userId, input.handheldImg)
      : null;
    const now = this.clock.now();
    try {
      await inTransaction(this.db, async (tx) => {
        await tx
          .insertInto('identity_verifications')
          .values({
            id: newId(),
            user_id: userId,
            brand,
            kind,
            status: 'pending',
            real_name: realName,
            id_number: idNumber,
            nationality,
            front_img: front,
            back_img: back,
            handheld_img: handheld,
            remark: null,
            reviewer_id: null,
            created_at: now,
            reviewed_at: null,
          })
          .execute();
        await this.accounts.recordVerification(tx, userId, kind, 'pending');
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('VERIFICATION_PENDING');
      throw error;
    }
    await this.accounts.forget(userId);
    return this.status(ctx, kind);
  }

  async adminList(
    ctx: RequestContext,
    filter: {
      kind?: VerificationKind | undefined;
      status?: VerificationStatus | undefined;
      keyword?: string | undefined;
      /** By submission time: oldest first (default, the queue's order) or newest first. */
      order?: 'asc' | 'desc' | undefined;
    },
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminVerificationDto[]; total: number }> {
    let q = this.db
      .selectFrom('identity_verifications')
      .innerJoin('users', 'users.id', 'identity_verifications.user_id')
      .where('identity_verifications.brand', '=', ctx.brand.key);
    if (filter.kind) q = q.where('identity_verifications.kind', '=', filter.kind);
    if (filter.status) q = q.where('identity_verifications.status', '=', filter.status);
    if (filter.keyword) {
      const keyword = filter.keyword;
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      const like = `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(users.username) like ${like} escape '\\'`,
          sql<SqlBool>`lower(identity_verifications.real_name) like ${like} escape '\\'`,
          eb('identity_verifications.id_number', '=', keyword),
          eb('users.id', '=', keyword),
        ]),
      );
    }
    const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await q
      .selectAll('identity_verifications')
      .select('users.username')
      // The work queue first: pending applications (oldest first by default), then the decided ones.
      .orderBy(sql`case when identity_verifications.status = 'pending' then 0 else 1 end`)
      .orderBy('identity_verifications.created_at', filter.order ?? 'asc')
      .orderBy('identity_verifications.id', filter.order ?? 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    // A C3 row is reviewed against the approved identity: its name and number come from there.
    const identities = await this.approvedRealNames(
      rows.filter((r) => r.kind === 'c3').map((r) => r.user_id),
    );
    return {
      total: Number(total?.n ?? 0),
      rows: rows.map((r) => {
        const approved = r.kind === 'c3' ? identities.get(r.user_id) : undefined;
        return {
          ...toDto(r.kind as VerificationKind, r),
          realName: r.real_name ?? approved?.real_name ?? null,
          // Operators reviewing the documents see the full number.
          idNumber: r.id_number ?? approved?.id_number ?? null,
          nationality: r.nationality ?? approved?.nationality ?? null,
          id: r.id,
          userId: r.user_id,
          username: r.username,
        };
      }),
    };
  }

  /** The approved real-name application of each user, by user id. */
  private async approvedRealNames(userIds: string[]): Promise<Map<string, Row>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('identity_verifications')
      .selectAll()
      .where('user_id', 'in', [...new Set(userIds)])
      .where('kind', '=', 'realname')
      .where('status', '=', 'approved')
      .execute();
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  /**
   * What a reviewer compares a C3 application with (issue 30): the approved identity with its
   * document photos, and every verification decision of the account, newest first.
   */
  async adminContext(ctx: RequestContext, userId: string): Promise<AdminIdentityContextDto> {
    const rows = await this.db
      .selectFrom('identity_verifications')
      .leftJoin('users as reviewer', 'reviewer.id', 'identity_verifications.reviewer_id')
      .selectAll('identity_verifications')
      .select('reviewer.username as reviewer_name')
      .where('identity_verifications.user_id', '=', userId)
      .where('identity_verifications.brand', '=', ctx.brand.key)
      .orderBy('identity_verifications.created_at', 'desc')
      .orderBy('identity_verifications.id', 'desc')
      .execute();
    const approved = rows.find((r) => r.kind === 'realname' && r.status === 'approved');
    return {
      identity: approved
        ? { ...toDto('realname', approved), idNumber: approved.id_number, id: approved.id }
        : null,
      history: rows.map((r) => ({
        ...toDto(r.kind as VerificationKind, r),
        idNumber: r.id_number,
        id: r.id,
        reviewer: r.reviewer_name ?? null,
      })),
    };
  }

  /** Approve or refuse a pending application (risk role); conditional, so two reviewers cannot both decide. */
  async review(ctx: RequestContext, id: string, approve: boolean, remark: string): Promise<void> {
    const row = await this.db
      .selectFrom('identity_verifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('PARAMETER_ERROR', { field: 'id' });
    if (row.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    if (row.user_id === ctx.actor?.userId) throw new AppError('CANNOT_ACT_ON_SELF');
    const status: VerificationStatus = approve ? 'approved' : 'rejected';
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const result = await tx
        .updateTable('identity_verifications')
        .set({ status, remark: remark || null, reviewer_id: ctx.actor?.userId ?? null, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError('REVIEW_ALREADY_DONE');
      await this.notifications?.verificationReviewed(tx, row, approve, remark);
      const kind = row.kind as VerificationKind;
      await this.accounts.recordVerification(
        tx,
        row.user_id,
        kind,
        status,
        kind === 'realname' && approve ? row.real_name : undefined,
      );
      await this.audit.record(tx, {
        brand: row.brand,
        actorId: ctx.actor?.userId ?? '',
        action: `identity.${kind}.${approve ? 'approve' : 'reject'}`,
        targetType: 'identity_verification',
        targetId: id,
        before: { status: row.status },
        after: { status, remark },
      });
    });
    await this.accounts.forget(row.user_id);
  }
}
