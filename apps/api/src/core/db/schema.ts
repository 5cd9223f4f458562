/** The database as Kysely sees it: each module contributes the tables it owns. */

import type {
  CancelledIdentitiesTable,
  LoginAttemptsTable,
  SlideChallengesTable,
  UserRolesTable,
  UsersTable,
  VerificationCodesTable,
} from '../../modules/accounts/accounts.table.ts';
import type { IdentityVerificationsTable } from '../../modules/accounts/identity.table.ts';
import type { StaffRolesTable, UserStaffRolesTable } from '../../modules/accounts/staff-roles.table.ts';
import type { AddressesTable } from '../../modules/addresses/addresses.table.ts';
import type { AuditLogTable } from '../../modules/audit/audit.table.ts';
import type { BrandSettingsTable } from '../../modules/brand/brand-settings.table.ts';
import type {
  ActivitiesTable,
  BannersTable,
  CatalogueMetaTable,
  CategoriesTable,
  GoodsSpecsTable,
  GoodsTable,
  GoodsTextsTable,
  RecentViewsTable,
  SellersTable,
  SellerTextsTable,
} from '../../modules/catalogue/catalogue.table.ts';
import type {
  ChainBlocksTable,
  ChainCursorsTable,
  ChainDepositAddressesTable,
  ChainDepositsTable,
  ChainNoncesTable,
  ChainPayoutsTable,
  WithdrawalApprovalsTable,
} from '../../modules/chain/chain.table.ts';
import type { ChatConversationsTable, ChatMessagesTable } from '../../modules/chat/chat.table.ts';
import type { KeepGoodsTable, SellerFollowsTable } from '../../modules/favourites/favourites.table.ts';
import type { LedgerAccountsTable, LedgerTransfersTable } from '../../modules/ledger/ledger.table.ts';
import type {
  LoanEventsTable,
  LoanInstalmentsTable,
  LoanRepaymentsTable,
  LoansTable,
} from '../../modules/loans/loans.table.ts';
import type { MerchantApplicationsTable } from '../../modules/merchants/merchants.table.ts';
import type { NotificationsTable } from '../../modules/notifications/notifications.table.ts';
import type {
  OrderEventsTable,
  OrderItemsTable,
  OrderLogisticsTable,
  OrderSubmissionsTable,
  OrdersTable,
} from '../../modules/orders/orders.table.ts';
import type { OutboxTable } from '../../modules/outbox/outbox.table.ts';
import type { ParamsTable } from '../../modules/params/params.table.ts';
import type { ReviewsTable } from '../../modules/reviews/reviews.table.ts';
import type { SessionsTable, SignInDevicesTable } from '../../modules/session/session.table.ts';
import type { SubscriptionsTable } from '../../modules/subscription/subscription.table.ts';
import type { UploadsTable } from '../../modules/upload/upload.table.ts';
import type { VerificationFlagsTable } from '../../modules/verification/verification.table.ts';
import type { BankReceivingAccountsTable } from '../../modules/wallet/bank-accounts.ts';
import type {
  RechargeRequestsTable,
  WalletChannelsTable,
  WithdrawAddressesTable,
  WithdrawalsTable,
  WithdrawFormTokensTable,
} from '../../modules/wallet/wallet.table.ts';
import type { JobsTable } from '../jobs/jobs.table.ts';

export interface Database {
  chain_deposit_addresses: ChainDepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_deposits: ChainDepositsTable;
  chain_nonces: ChainNoncesTable;
  chain_payouts: ChainPayoutsTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
  params: ParamsTable;
  subscriptions: SubscriptionsTable;
  sessions: SessionsTable;
  sign_in_devices: SignInDevicesTable;
  jobs: JobsTable;
  categories: CategoriesTable;
  sellers: SellersTable;
  goods: GoodsTable;
  goods_specs: GoodsSpecsTable;
  goods_texts: GoodsTextsTable;
  seller_texts: SellerTextsTable;
  banners: BannersTable;
  activities: ActivitiesTable;
  recent_views: RecentViewsTable;
  catalogue_meta: CatalogueMetaTable;
  reviews: ReviewsTable;
  keep_goods: KeepGoodsTable;
  seller_follows: SellerFollowsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  staff_roles: StaffRolesTable;
  user_staff_roles: UserStaffRolesTable;
  brand_settings: BrandSettingsTable;
  login_attempts: LoginAttemptsTable;
  verification_codes: VerificationCodesTable;
  slide_challenges: SlideChallengesTable;
  cancelled_identities: CancelledIdentitiesTable;
  addresses: AddressesTable;
  identity_verifications: IdentityVerificationsTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  uploads: UploadsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  wallet_channels: WalletChannelsTable;
  recharge_requests: RechargeRequestsTable;
  withdraw_addresses: WithdrawAddressesTable;
  withdraw_form_tokens: WithdrawFormTokensTable;
  withdrawals: WithdrawalsTable;
  bank_receiving_accounts: BankReceivingAccountsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  order_logistics: OrderLogisticsTable;
  order_submissions: OrderSubmissionsTable;
  loans: LoansTable;
  loan_instalments: LoanInstalmentsTable;
  loan_repayments: LoanRepaymentsTable;
  loan_events: LoanEventsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  notifications: NotificationsTable;
  merchant_applications: MerchantApplicationsTable;
  verification_flags: VerificationFlagsTable;
}
