/**
 * The rule behind every change of roles, grants and statuses: the admin making it stays an admin.
 * Changes of one brand's staff run one at a time (a lock held until commit), the actor is checked
 * before (still an active admin, or someone else took that away meanwhile: NO_PERMISSION) and after
 * (the change itself took it away: ADMIN_SELF_DEMOTION, rolled back). Since the actor is an admin
 * throughout, no change can leave a brand without an admin.
 */
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { AccountsRepository } from './accounts.repository.ts';

async function isActiveAdmin(repository: AccountsRepository, tx: Executor, userId: string): Promise<boolean> {
  const found = await repository.findWithRoles(userId, tx);
  return found?.user.status === 'active' && found.roles.includes('admin');
}

/** Takes the brand's staff lock and checks the actor is (still) an active admin. */
export async function lockAsAdmin(
  repository: AccountsRepository,
  tx: Executor,
  ctx: RequestContext,
): Promise<string> {
  const actorId = ctx.actor?.userId;
  if (!actorId) throw new AppError('NOT_LOGGED_IN');
  await repository.lockStaffChanges(tx, ctx.brand.key);
  if (!(await isActiveAdmin(repository, tx, actorId))) throw new AppError('NO_PERMISSION');
  return actorId;
}

/** After the change, inside the same transaction: the actor must still be an admin. */
export async function assertStillAdmin(
  repository: AccountsRepository,
  tx: Executor,
  actorId: string,
): Promise<void> {
  if (!(await isActiveAdmin(repository, tx, actorId))) throw new AppError('ADMIN_SELF_DEMOTION');
}
