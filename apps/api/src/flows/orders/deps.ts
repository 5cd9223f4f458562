/** What the order flows work with: the orders module and the modules an order reaches into. */
import { BRANDS } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AccountsService } from '../../modules/accounts/index.ts';
import type { AddressesService } from '../../modules/addresses/index.ts';
import type { AuditService } from '../../modules/audit/index.ts';
import type { CatalogueService } from '../../modules/catalogue/index.ts';
import type { LedgerService } from '../../modules/ledger/index.ts';
import type { NotificationEvents } from '../../modules/notifications/index.ts';
import type { OrderStateMachine, OrdersService } from '../../modules/orders/index.ts';
import type { ParamsService, ParamValues } from '../../modules/params/index.ts';
import type { ReviewsService } from '../../modules/reviews/index.ts';
import type { UploadService } from '../../modules/upload/index.ts';

export interface OrderFlowDeps {
  db: Executor;
  orders: OrdersService;
  state: OrderStateMachine;
  catalogue: CatalogueService;
  reviews: ReviewsService;
  addresses: AddressesService;
  accounts: AccountsService;
  ledger: LedgerService;
  params: ParamsService;
  uploads: UploadService;
  jobs: JobRunner;
  audit: AuditService;
  clock: Clock;
  /** The message centre (unpaid-order warnings); order changes reach it through the state machine. */
  notifications?: NotificationEvents;
}

export const ORDER_JOBS = {
  autoCancel: 'orders.auto-cancel',
  autoReceive: 'orders.auto-receive',
  defaultReview: 'orders.default-review',
  settle: 'orders.settle',
} as const;

export const DAY_MS = 86_400_000;

/**
 * Every param of the brand; synchronous when the params service has them cached. Inside a
 * transaction pass it as `tx` (see ParamsService.all).
 */
export function paramsOf(
  d: OrderFlowDeps,
  brandKey: string,
  tx?: Executor,
): ParamValues | Promise<ParamValues> {
  const brand = BRANDS.find((b) => b.key === brandKey) ?? BRANDS[0]!;
  return d.params.all(brand, tx);
}

/** A whole-number param (days, minutes, basis points) out of a brand's params, 0 when not a number. */
export function intOf(values: ParamValues, code: string): number {
  const n = Number((values as Record<string, string>)[code]);
  return Number.isFinite(n) ? n : 0;
}

/** A whole-number param (days, minutes, basis points) of the brand. */
export async function intParam(
  d: OrderFlowDeps,
  brandKey: string,
  code: string,
  tx?: Executor,
): Promise<number> {
  // A static import: a dynamic import() here went through the module loader on every call.
  return intOf(await paramsOf(d, brandKey, tx), code);
}

/** Parts per 10,000 of an amount, rounded down to the atomic unit (the one rounding rule). */
export function basisPoints(amount: bigint, bp: number): bigint {
  return (amount * BigInt(Math.max(0, Math.trunc(bp)))) / 10_000n;
}
