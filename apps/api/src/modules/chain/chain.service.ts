/**
 * The chain module's records for the flows that move money with them (flows/chain): the deposits
 * the credit step follows, the payouts, the hot wallet's nonces and finance's approvals. Flows
 * call these with their own transaction, as flows/orders calls the orders module.
 */
import { DepositRecordsRepository } from './deposit-records.repository.ts';
import { PayoutRecordsRepository } from './payout-records.repository.ts';

export class ChainService {
  constructor(
    readonly deposits = new DepositRecordsRepository(),
    readonly payouts = new PayoutRecordsRepository(),
  ) {}
}
