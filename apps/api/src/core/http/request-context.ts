/**
 * What every service call receives first (Vendure's RequestContext): who asks, for which brand,
 * in which language, with which merged parameters. Built once per request, lazily.
 */
import type { Brand, Role } from '@mall/contract';
import { DEFAULT_LANGUAGE, type LanguageCode, resolveLanguage } from '@mall/i18n';
import type { FastifyRequest } from 'fastify';
import type { BrandResolver } from '../brand.ts';
import { AppError } from '../errors.ts';

/** Who is asking: the signed-in user and the roles they hold. */
export interface Actor {
  readonly userId: string;
  readonly roles: readonly Role[];
}

export interface RequestContext {
  readonly brand: Brand;
  readonly lang: LanguageCode;
  /** Query, then JSON or form body on top (body wins), per SPEC §7. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Raw session token from the header, the body or the query, in that order. */
  readonly token: string | undefined;
  /** Set by the auth step of routes that look at the session (see RouteAuth). */
  actor: Actor | undefined;
  readonly ip: string;
}

// Stored on the request itself: a WeakMap lookup per request costs more than the property.
const CONTEXT = Symbol('mall.context');
type WithContext = FastifyRequest & { [CONTEXT]?: RequestContext };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function mergeParams(query: unknown, body: unknown): Record<string, unknown> {
  // Most reads are GETs without a body: their parsed query is used as it is, without a copy.
  if (body === undefined || body === null) return isPlainObject(query) ? query : {};
  const merged: Record<string, unknown> = isPlainObject(query) ? { ...query } : {};
  if (isPlainObject(body)) Object.assign(merged, body);
  return merged;
}

export function contextOf(request: FastifyRequest, brands: BrandResolver): RequestContext {
  const existing = (request as WithContext)[CONTEXT];
  if (existing) return existing;
  const params = mergeParams(request.query, request.body);
  const query = isPlainObject(request.query) ? request.query : {};
  const body = isPlainObject(request.body) ? request.body : {};
  const ctx: RequestContext = {
    brand: brands.forHost(request.host),
    lang: resolveLanguage(params.lang) ?? DEFAULT_LANGUAGE,
    params,
    token: bearer(request.headers.authorization) ?? nonEmptyString(body.token) ?? nonEmptyString(query.token),
    actor: undefined,
    ip: request.ip,
  };
  (request as WithContext)[CONTEXT] = ctx;
  return ctx;
}

/** The signed-in actor of a route that required a session (its auth step has set it). */
export function actorOf(ctx: RequestContext): Actor {
  if (!ctx.actor) throw new AppError('NOT_LOGGED_IN');
  return ctx.actor;
}
