/** Wiring of the verification policy and flags for one app (called once from app.ts). */
import type { Brand, ParamCode } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { VerificationFlagsRepository } from './verification-flags.repository.ts';
import { VerificationFlagsService } from './verification-flags.service.ts';
import { installVerificationPolicy, VerificationPolicy } from './verification-policy.ts';

export interface VerificationSetup {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  params(brand: Brand): Promise<Readonly<Record<ParamCode, string>>> | Readonly<Record<ParamCode, string>>;
  user(
    userId: string,
  ): Promise<{ brand: string; username: string; realname_status: string; c3_status: string } | undefined>;
  c3ApprovedAt(userId: string): Promise<number | null>;
  withdrawnToday(userId: string): Promise<bigint>;
}

/** Installs the policy for `db` (gated calls answer to it) and answers the operators' flag service. */
export function setUpVerification(deps: VerificationSetup): VerificationFlagsService {
  const flags = new VerificationFlagsRepository(deps.db);
  const policy = new VerificationPolicy(
    flags,
    {
      params: async (brand) => deps.params(brand),
      state: async (userId) => {
        const user = await deps.user(userId);
        return {
          realname: user?.realname_status ?? 'none',
          c3: user?.c3_status ?? 'none',
          c3ApprovedAt: await deps.c3ApprovedAt(userId),
        };
      },
      withdrawnToday: deps.withdrawnToday,
    },
    deps.clock,
  );
  installVerificationPolicy(deps.db, policy);
  return new VerificationFlagsService(deps.db, flags, deps.audit, deps.clock, { user: deps.user });
}
