/** What chat messages and conversations are made of: owners, text rules, the wire form, the ports to other modules. */
import { createHash } from 'node:crypto';
import {
  type Brand,
  CHAT_LIMITS,
  type ChatMessageDto,
  type OrderDto,
  type Page,
  toWireTime,
} from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { PageRequest } from '../../core/http/paging.ts';
import type { AuditRecord } from '../audit/index.ts';
import type { MessageRow } from './chat.repository.ts';

/** Who owns a conversation: a signed-in user or a visitor (by the hash of their token). */
export interface ChatOwner {
  /** 'u:<user id>' or 'v:<32 hex>'. */
  key: string;
  userId: string | null;
}

export const DELIVER_TOPIC = 'chat.deliver';

/** A new event for both sides of one conversation, with a frame already serialized per side. */
export interface Delivery {
  brand: string;
  ownerKey: string;
  /** The conversation's agent; null while waiting (every agent of the brand is told). */
  agentId: string | null;
  /** Frame for the owner's sockets, if any. */
  user?: string;
  /** Frame for the agent's (or, while waiting, every agent's) sockets, if any. */
  agent?: string;
}

export interface ChatPorts {
  /** The URL of an image this user uploaded (upload module); IMAGE_NOT_FOUND otherwise. */
  ownImageUrl(brand: string, userId: string, idOrUrl: string): Promise<string>;
  /** Display names of users (accounts module). */
  userName(userId: string): Promise<string | undefined>;
  /** A user's orders (orders module). */
  userOrders(brand: Brand, userId: string, page: PageRequest): Promise<Page<OrderDto>>;
  /** Writes an operator action to the audit log inside the caller's transaction (audit module). */
  audit(tx: Executor, entry: AuditRecord): Promise<void>;
}

const VISITOR_TOKEN = new RegExp(
  `^[A-Za-z0-9_-]{${CHAT_LIMITS.visitorTokenMin},${CHAT_LIMITS.visitorTokenMax}}$`,
);
// Control characters other than tab and line feed are dropped from text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** The visitor behind a client-made token: only the token's hash is ever stored. */
export function visitorOwner(token: unknown): ChatOwner {
  if (typeof token !== 'string' || !VISITOR_TOKEN.test(token)) throw new AppError('CHAT_VISITOR_INVALID');
  return { key: `v:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`, userId: null };
}

export function userOwner(userId: string): ChatOwner {
  return { key: `u:${userId}`, userId };
}

/**
 * The text of a message: SPEC §5 clients send it URL-encoded (a malformed encoding is taken as
 * typed), line breaks normalised to \n, control characters dropped. HTML stays as typed: clients
 * show text, never markup. Empty and over-long texts are refused.
 */
export function messageText(content: string): string {
  // Longer than any allowed text even if every character were encoded (%XX%XX%XX%XX per char).
  if (content.length > CHAT_LIMITS.textMaxChars * 12) throw new AppError('CHAT_MESSAGE_TOO_LONG');
  let text = content;
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not URL-encoded after all.
    }
  }
  text = text.replace(/\r\n?/g, '\n').replace(CONTROL, '');
  if (text.trim() === '') throw new AppError('CHAT_MESSAGE_EMPTY');
  if (text.length > CHAT_LIMITS.textMaxChars && [...text].length > CHAT_LIMITS.textMaxChars) {
    throw new AppError('CHAT_MESSAGE_TOO_LONG');
  }
  return text;
}

export function messageDto(m: MessageRow): ChatMessageDto {
  const dto: ChatMessageDto = {
    id: m.id,
    seq: m.seq,
    send_receive: m.sender === 'user' ? 'send' : 'receive',
    content: m.content,
    type: m.type,
    createtime: toWireTime(m.createdAt),
  };
  if (m.productId) dto.productId = m.productId;
  return dto;
}

export interface SendInput {
  type: 'text' | 'img';
  content: string;
  productId?: string | undefined;
}

export interface ListInput {
  /** Older messages: the page before this message. */
  messageId?: string | undefined;
  /** Newer messages: everything after this number (filling a gap). */
  afterSeq?: number | undefined;
}

export type InboxView = 'mine' | 'waiting' | 'open' | 'closed' | 'all';
