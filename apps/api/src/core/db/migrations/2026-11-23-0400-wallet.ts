import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_channels')
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    // chain | bank | gateway
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)')
    // What the payer sends (USDT, BTC, PHP...); the wallet is always credited in USDT at `rate`.
    .addColumn('coin', 'varchar(8)', (c) => c.notNull())
    .addColumn('region', 'varchar(8)')
    .addColumn('deposit_address', 'varchar(100)')
    // USDT per coin, in atomic units (10^10 = 1).
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('amount_decimals', 'integer', (c) => c.notNull())
    .addColumn('recharge_enabled', 'integer', (c) => c.notNull())
    .addColumn('withdraw_enabled', 'integer', (c) => c.notNull())
    .addColumn('recharge_min', 'bigint', (c) => c.notNull())
    .addColumn('recharge_max', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_min', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_max', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_fee_fixed', 'bigint', (c) => c.notNull())
    // Parts per 10,000 of the amount, added to the fixed fee.
    .addColumn('withdraw_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_channels_pk', ['brand', 'code'])
    .execute();

  // Chain, bank-card and payment-gateway recharges. For gateways `tx_hash` holds the gateway's own
  // payment reference (network 'GATEWAY'), so a gateway payment is credited once too.
  await db.schema
    .createTable('recharge_requests')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('serial_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)')
    .addColumn('coin', 'varchar(8)', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    // What the user says they sent, in coin units; and what finance found and credited, in USDT.
    .addColumn('amount_claimed', 'bigint', (c) => c.notNull())
    .addColumn('amount_credited', 'bigint')
    .addColumn('tx_hash', 'varchar(80)')
    .addColumn('proof_url', 'varchar(300)')
    .addColumn('bank_name', 'varchar(64)')
    .addColumn('card_last4', 'varchar(4)')
    // processing | success | fail
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('reviewed_by', 'varchar(26)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('transfer_id', 'varchar(80)')
    .addColumn('balance_after', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One chain transaction can be claimed once, by anyone.
  await db.schema
    .createIndex('recharge_requests_tx_uq')
    .on('recharge_requests')
    .columns(['network', 'tx_hash'])
    .unique()
    .execute();
  await db.schema
    .createIndex('recharge_requests_user_idx')
    .on('recharge_requests')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('recharge_requests_status_idx')
    .on('recharge_requests')
    .columns(['brand', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('withdraw_addresses')
    .addColumn('user_id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('withdraw_form_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('serial_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    // The one-time form token (hashed): the idempotency key of the request.
    .addColumn('form_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('actual_amount', 'bigint', (c) => c.notNull())
    // processing | success | fail
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('hold_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('fee_hold_id', 'varchar(80)')
    .addColumn('tx_hash', 'varchar(80)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('reviewed_by', 'varchar(26)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    // The Asia/Shanghai day it was asked on (YYYY-MM-DD), for the daily count.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('withdrawals_user_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_status_idx')
    .on('withdrawals')
    .columns(['brand', 'status', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'withdrawals',
    'withdraw_form_tokens',
    'withdraw_addresses',
    'recharge_requests',
    'wallet_channels',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
