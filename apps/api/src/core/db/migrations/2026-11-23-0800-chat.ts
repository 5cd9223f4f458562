import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  // One conversation per signed-in user or per visitor of a brand, for good: an agent closes it,
  // the owner's next message opens it again. `last_seq` numbers its messages 1, 2, 3... so clients
  // can see and fill gaps.
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    // 'u:<user id>' or 'v:<sha-256 of the visitor token, 32 hex>'
    .addColumn('owner_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(26)')
    .addColumn('agent_id', 'varchar(26)')
    // waiting (no agent yet) | open | closed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('user_read_seq', 'integer', (c) => c.notNull())
    .addColumn('agent_read_seq', 'integer', (c) => c.notNull())
    .addColumn('user_unread', 'integer', (c) => c.notNull())
    .addColumn('agent_unread', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chat_conversations_owner', ['brand', 'owner_key'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_inbox')
    .on('chat_conversations')
    .columns(['brand', 'status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_agent')
    .on('chat_conversations')
    .columns(['agent_id', 'status'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'varchar(26)', (c) => c.primaryKey())
    .addColumn('conversation_id', 'varchar(26)', (c) => c.notNull().references('chat_conversations.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // user | agent
    .addColumn('sender', 'varchar(8)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(26)')
    // text | img
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chat_messages_seq', ['conversation_id', 'seq'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
