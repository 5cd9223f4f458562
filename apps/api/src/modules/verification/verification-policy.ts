/**
 * What each verification level allows (issue 30), per brand from params: a gated call asks
 * `requireVerification(db, ctx, action)` and is refused with REAL_NAME_REQUIRED or C3_REQUIRED.
 * Real name precedes C3 (SPEC §2), so a call needing C3 from a user without a real name answers
 * REAL_NAME_REQUIRED first. An account an operator flagged answers C3_REQUIRED (the spec's "account
 * exception" message) on every gated call until a C3 approval decided after the flag.
 *
 * The policy is installed per database at wiring time, so a service gates a call with one line and
 * no new constructor argument (services are being split by others; see the decisions entry).
 */
import {
  type Brand,
  type GatedAction,
  type ParamCode,
  parseMoney,
  type VerificationRefusalDto,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { VerificationFlagsRepository } from './verification-flags.repository.ts';

/** 0 none, 1 approved real name, 2 approved C3 (the params' encoding). */
export type VerificationLevel = 0 | 1 | 2;

const LEVEL_PARAM: Record<Exclude<GatedAction, 'withdraw'>, ParamCode> = {
  loan: 'verify_level_loan',
  merchant_apply: 'verify_level_merchant_apply',
  withdraw_address: 'verify_level_withdraw_address',
};

export interface VerificationState {
  realname: string;
  c3: string;
  /** When the latest approved C3 application was decided, if any. */
  c3ApprovedAt: number | null;
}

export interface VerificationPolicyPorts {
  params(brand: Brand): Promise<Readonly<Record<ParamCode, string>>>;
  /** The user's levels (accounts and its identity applications). */
  state(userId: string): Promise<VerificationState>;
  /** Withdrawals asked for today (Asia/Shanghai, refused ones not counted), in ledger units. */
  withdrawnToday(userId: string): Promise<bigint>;
}

function levelOf(value: string | undefined): VerificationLevel {
  const n = Number(value);
  return n === 1 || n === 2 ? n : 0;
}

export class VerificationPolicy {
  constructor(
    private readonly flags: VerificationFlagsRepository,
    private readonly ports: VerificationPolicyPorts,
    private readonly clock: Clock,
  ) {}

  /** The level an action needs for this brand, and for a withdrawal of `amount` (ledger units). */
  async levelFor(brand: Brand, userId: string, action: GatedAction, amount = 0n): Promise<VerificationLevel> {
    const values = await this.ports.params(brand);
    if (action !== 'withdraw') return levelOf(values[LEVEL_PARAM[action]]);
    const limit = parseMoney(values.withdraw_c3_daily_amount);
    if (!limit.ok) return 2;
    const total = (await this.ports.withdrawnToday(userId)) + amount;
    return total > limit.units ? 2 : 0;
  }

  /** Throws when the user may not do `action` now; a flag lifted by a later C3 approval is closed here. */
  async require(ctx: RequestContext, action: GatedAction, amount = 0n): Promise<void> {
    const { userId } = actorOf(ctx);
    const state = await this.ports.state(userId);
    const flag = await this.flags.open(userId);
    if (flag) {
      if (state.c3 === 'approved' && state.c3ApprovedAt !== null && state.c3ApprovedAt > flag.raisedAt) {
        await this.flags.lift({ userId }, { how: 'c3', by: null, at: this.clock.now(), remark: null });
      } else {
        throw new AppError('C3_REQUIRED', { reason: 'flag', action } satisfies VerificationRefusalDto);
      }
    }
    const needed = await this.levelFor(ctx.brand, userId, action, amount);
    if (needed >= 1 && state.realname !== 'approved') {
      throw new AppError('REAL_NAME_REQUIRED', { reason: 'level', action } satisfies VerificationRefusalDto);
    }
    if (needed === 2 && state.c3 !== 'approved') {
      const refusal: VerificationRefusalDto = { reason: 'level', action };
      if (action === 'withdraw') {
        refusal.dailyLimit = (await this.ports.params(ctx.brand)).withdraw_c3_daily_amount;
      }
      throw new AppError('C3_REQUIRED', refusal);
    }
  }
}

const installed = new WeakMap<Executor, VerificationPolicy>();

/** Wiring (app.ts): the policy that gated calls on this database answer to. */
export function installVerificationPolicy(db: Executor, policy: VerificationPolicy): void {
  installed.set(db, policy);
}

/**
 * The one line a gated call carries: `await requireVerification(this.db, ctx, 'loan')`. Fails
 * closed: a database without a policy is a wiring mistake, never an open gate.
 */
export async function requireVerification(
  db: Executor,
  ctx: RequestContext,
  action: GatedAction,
  amount?: bigint,
): Promise<void> {
  const policy = installed.get(db);
  if (!policy) throw new Error('verification policy not installed for this database');
  await policy.require(ctx, action, amount);
}
