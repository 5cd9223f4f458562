/**
 * Live customer-service chat (issue 8): messages, conversations, limits and the socket protocol
 * shared by the API, the storefront and the console. Types and constants only.
 */
import type { ChatMessageDto } from './chat.schemas.ts';

/** SPEC §3: 'send' is a message from the user (or visitor), 'receive' one from the service. */
export type ChatDirection = 'send' | 'receive';
export type ChatMessageType = 'text' | 'img';

export type ChatConversationStatus = 'waiting' | 'open' | 'closed';

export const CHAT_LIMITS = {
  /** Characters of one text message (a 100 KB text is refused with CHAT_MESSAGE_TOO_LONG). */
  textMaxChars: 5000,
  /** Messages answered by one list call. */
  pageSize: 30,
  /** Messages answered by one gap-filling call (`afterSeq`). */
  gapPageSize: 200,
  /** Largest socket frame the server accepts; bigger frames close the socket (1009). */
  frameMaxBytes: 4096,
  /** Visitor tokens: 32 to 64 URL-safe characters, made by the client (crypto random). */
  visitorTokenMin: 32,
  visitorTokenMax: 64,
} as const;

/** WebSocket path, on the API's own port. */
export const CHAT_SOCKET_PATH = '/ws';

/**
 * Frames from the client. The first must be `auth` (within 10 s), with a session token or a
 * visitor token; anything else, non-JSON, binary or oversized closes the socket.
 */
export type ChatClientFrame =
  | { type: 'auth'; token?: string; visitor?: string; lang?: string }
  | { type: 'ping'; id?: number }
  /** The user has seen everything up to `seq` (agents add `conversationId`). */
  | { type: 'read'; seq: number; conversationId?: string };

/** Frames from the server. */
export type ChatServerFrame =
  | { type: 'hello'; role: 'user' | 'visitor' | 'agent'; unread: number; lastSeq: number; online: boolean }
  | { type: 'pong'; id?: number }
  /** A new message of the caller's conversation (agents: of one of theirs), with the caller's unread count. */
  | { type: 'message'; conversationId: string; message: ChatMessageDto; unread: number }
  | { type: 'unread'; count: number; lastSeq: number }
  | { type: 'presence'; online: boolean }
  | { type: 'closed'; conversationId: string }
  | { type: 'error'; key: string }
  /** A new message-centre notification of a signed-in user (see notifications.ts). */
  | import('./notifications.ts').NotificationFrame;

/** Close codes of the chat socket beyond the standard ones. */
export const CHAT_CLOSE = {
  /** No or a bad `auth` frame, or none within 10 s. */
  unauthorized: 4401,
  /** A frame that is not one of ours. */
  badFrame: 4400,
} as const;

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './chat.schemas.ts';
