import type { Kysely } from 'kysely';

/**
 * Chain rails (issue 29): deposit addresses derived per user, the watcher's cursor and the block
 * hashes of its confirmation window, deposits seen on the chain, payouts signed from the hot wallet
 * with their reserved nonces, and finance's approvals of withdrawals.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // `family` is the address scheme (evm today; a TRON or Bitcoin watcher adds its own rows).
  await db.schema
    .createTable('chain_deposit_addresses')
    .addColumn('family', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('address_index', 'integer', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_deposit_addresses_pk', ['family', 'user_id'])
    .addUniqueConstraint('chain_deposit_addresses_index_uq', ['family', 'brand', 'address_index'])
    .addUniqueConstraint('chain_deposit_addresses_address_uq', ['family', 'address'])
    .execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('network', 'varchar(16)', (c) => c.primaryKey())
    // The last block scanned, and the chain head seen at that moment (for "confirming n/N").
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('head', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chain_blocks')
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('parent_hash', 'varchar(66)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['network', 'number'])
    .execute();

  await db.schema
    .createTable('chain_deposits')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(66)', (c) => c.notNull())
    // The log's index in its block; -1 for a native transfer (the transaction itself).
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'varchar(66)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('contract', 'varchar(42)')
    .addColumn('from_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)')
    .addColumn('brand', 'varchar(32)')
    // The token's own units as a decimal string (uint256 does not fit a BIGINT).
    .addColumn('amount_raw', 'varchar(80)', (c) => c.notNull())
    // confirming | credited | dropped | rejected | below_min | unknown_token
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('recharge_id', 'varchar(26)')
    .addColumn('transfer_id', 'varchar(80)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chain_deposits_event_uq', ['network', 'tx_hash', 'log_index'])
    .execute();
  await db.schema
    .createIndex('chain_deposits_status_idx')
    .on('chain_deposits')
    .columns(['network', 'status', 'block_number'])
    .execute();
  await db.schema
    .createIndex('chain_deposits_recharge_idx')
    .on('chain_deposits')
    .column('recharge_id')
    .execute();
  await db.schema
    .createIndex('chain_deposits_user_idx')
    .on('chain_deposits')
    .columns(['user_id', 'status'])
    .execute();

  await db.schema
    .createTable('chain_nonces')
    .addColumn('address', 'varchar(42)', (c) => c.primaryKey())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chain_payouts')
    .addColumn('withdrawal_id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('amount_raw', 'varchar(80)', (c) => c.notNull())
    .addColumn('nonce', 'bigint')
    // queued | limited | signed | broadcast | confirmed | reverted | refused
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(66)')
    // Every hash signed for this nonce (replacements of a stuck transaction), JSON array.
    .addColumn('tx_hashes', 'text', (c) => c.notNull())
    .addColumn('signed_tx', 'text')
    .addColumn('max_fee_per_gas', 'varchar(40)')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint')
    .addColumn('reason', 'varchar(200)')
    // The Asia/Shanghai day it was signed on, for the brand's daily hot-wallet limit.
    .addColumn('day', 'varchar(10)')
    .addColumn('broadcast_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chain_payouts_nonce_uq', ['from_address', 'nonce'])
    .execute();
  await db.schema
    .createIndex('chain_payouts_day_idx')
    .on('chain_payouts')
    .columns(['brand', 'day'])
    .execute();

  await db.schema
    .createTable('withdrawal_approvals')
    .addColumn('withdrawal_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(26)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_approvals_pk', ['withdrawal_id', 'operator_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'withdrawal_approvals',
    'chain_payouts',
    'chain_nonces',
    'chain_deposits',
    'chain_blocks',
    'chain_cursors',
    'chain_deposit_addresses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
