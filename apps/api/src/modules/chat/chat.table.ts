import type { ColumnType } from 'kysely';
import type { BigIntColumn } from '../../core/db/columns.ts';

type IntColumn = ColumnType<number | bigint, number, number>;

export interface ChatConversationsTable {
  id: string;
  brand: string;
  /** 'u:<user id>' or 'v:<32 hex of the visitor token's SHA-256>'. */
  owner_key: string;
  user_id: string | null;
  agent_id: string | null;
  /** waiting | open | closed */
  status: string;
  last_seq: IntColumn;
  user_read_seq: IntColumn;
  agent_read_seq: IntColumn;
  user_unread: IntColumn;
  agent_unread: IntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  seq: IntColumn;
  /** user | agent */
  sender: string;
  agent_id: string | null;
  /** text | img */
  type: string;
  content: string;
  product_id: string | null;
  created_at: BigIntColumn;
}
