/**
 * Thin routes: parse the merged parameters with a zod schema, authenticate when asked, check the
 * role, call the service, answer the envelope. A parse failure is a catalogue error and nothing runs.
 */
import type { Role } from '@mall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BrandResolver } from '../brand.ts';
import { AppError } from '../errors.ts';
import { type EdgeCache, type PublicCachePolicy, sendEntry } from './edge-cache.ts';
import { okEnvelope } from './envelope.ts';
import { type Actor, contextOf, type RequestContext } from './request-context.ts';
import { assertNoControlCharacters } from './text-inputs.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * - 'none' (default): anyone; no session is looked at.
 * - 'optional': a valid session sets `ctx.actor`; no or a dead token is a visitor, not an error.
 * - 'user': a live session is required (code 403 otherwise).
 * - `{ roles }`: a live session whose user holds one of the roles (NO_PERMISSION otherwise).
 */
export type RouteAuth = 'none' | 'optional' | 'user' | { roles: readonly Role[] };

export interface RouteDefinition<S extends z.ZodType, R, O extends z.ZodType = z.ZodType> {
  method: HttpMethod | HttpMethod[];
  /** Exact SPEC §7 path, `!…action` forms included. */
  url: string;
  input: S;
  /** The envelope's `data` (contract schema): documents the call in /api/openapi.json; not checked per request. */
  output?: O;
  auth?: RouteAuth;
  handle(ctx: RequestContext, input: z.output<S>): Promise<R> | R;
  /**
   * A visitor's GET (no session) is answered from the edge cache (core/http/edge-cache.ts) and
   * marked public for shared caches. Only for answers that depend on nothing but the brand, the
   * language and the query.
   */
  publicCache?: PublicCachePolicy<z.output<S>>;
}

/** Resolves the request's session to its user and roles, or throws a 403-coded catalogue error. */
export type Authenticate = (ctx: RequestContext) => Promise<Actor>;

/** With an `output` schema, what `handle` answers must fit it (checked by the compiler). */
export type DefineRoute = <
  S extends z.ZodType,
  O extends z.ZodType,
  // Nothing (void) is sent as null.
  // biome-ignore lint/suspicious/noConfusingVoidType: a handle answering nothing returns void.
  R extends z.input<O> | (null extends z.input<O> ? void : never),
>(
  definition: RouteDefinition<S, R, O>,
) => void;

export function toInputError(error: z.ZodError, params: Readonly<Record<string, unknown>>): AppError {
  const first = error.issues[0];
  const field = first?.path[0];
  const missing =
    typeof field === 'string' &&
    (params[field] === undefined || params[field] === '') &&
    first?.path.length === 1;
  return new AppError(missing ? 'MISSING_PARAMETER' : 'PARAMETER_ERROR', field ? { field } : null);
}

/** A staff call: a live session whose user holds one of the roles (NO_PERMISSION otherwise). */
async function requireRole(
  ctx: RequestContext,
  roles: readonly Role[],
  authenticate: Authenticate,
): Promise<void> {
  ctx.actor = await authenticate(ctx);
  if (!roles.some((role) => ctx.actor?.roles.includes(role))) throw new AppError('NO_PERMISSION');
}

/** On an 'optional' route a dead or unknown session (a 403-coded error) is simply a visitor. */
function rethrowUnlessVisitor(auth: RouteAuth, error: unknown): void {
  if (auth !== 'optional' || !(error instanceof AppError) || error.code !== 403) throw error;
}

/** A declared call: what it requires (the staff-call test) and its schemas (the OpenAPI document). */
export interface DefinedRoute {
  method: HttpMethod;
  url: string;
  auth: RouteAuth;
  input: z.ZodType;
  output?: z.ZodType;
}

const definitions = new WeakMap<FastifyInstance, DefinedRoute[]>();

export function definedRoutes(app: FastifyInstance): readonly DefinedRoute[] {
  return definitions.get(app) ?? [];
}

/** Every API path lives under one of these. */
const PREFIXES = ['/api/', '/public/'] as const;

/** Longer URLs (no storefront page makes one) are answered but never kept: keys stay small. */
const MAX_KEPT_URL_LENGTH = 1024;

/** Answers that are neither kept by the edge cache nor meant for any other cache. */
const NO_STORE = 'no-store';

function sendOk(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.header('cache-control', NO_STORE).send(okEnvelope(data ?? null));
}

/**
 * Registers each call as a Fastify route (a GET and/or POST at its exact path, trailing slash
 * ignored): parse the merged parameters, authenticate as the route asks, run it, send the
 * envelope through reply.send. Unknown paths reach the not-found handler (an envelope).
 */
export function createRouteDefiner(
  app: FastifyInstance,
  brands: BrandResolver,
  authenticate: Authenticate,
  /** Where routes with `publicCache` keep visitors' answers; without one, nothing is kept. */
  edge?: EdgeCache,
): DefineRoute {
  const defined: DefinedRoute[] = [];
  definitions.set(app, defined);

  return (definition) => {
    if (!PREFIXES.some((p) => definition.url.startsWith(p))) {
      throw new Error(`route ${definition.url} is outside ${PREFIXES.join(', ')}`);
    }
    const auth = definition.auth ?? 'none';
    const policy = edge ? definition.publicCache : undefined;
    if (policy && (typeof auth === 'object' || auth === 'user')) {
      throw new Error(`route ${definition.url}: a public cache is for visitors' reads`);
    }
    const parse = (ctx: RequestContext): unknown => {
      assertNoControlCharacters(ctx.params);
      const parsed = definition.input.safeParse(ctx.params);
      if (!parsed.success) throw toInputError(parsed.error, ctx.params);
      return parsed.data;
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = contextOf(request, brands);
      // Staff calls check the session and the role before reading anything else: a wrong role is
      // refused the same way whatever it sends, and learns nothing about the call's parameters.
      if (typeof auth === 'object') {
        await requireRole(ctx, auth.roles, authenticate);
        return sendOk(reply, await definition.handle(ctx, parse(ctx) as never));
      }
      if (
        policy &&
        edge &&
        request.method === 'GET' &&
        ctx.token === undefined &&
        request.url.length <= MAX_KEPT_URL_LENGTH
      ) {
        const key = edge.keyOf(ctx.brand, ctx.lang, request.url);
        const hit = edge.get(key);
        if (hit) {
          policy.onCachedAnswer?.(hit.input as never);
          return sendEntry(request, reply, hit);
        }
        const input = parse(ctx);
        const { entry, ran } = await edge.fill(key, input as never, policy, async () =>
          definition.handle(ctx, input as never),
        );
        if (!ran) policy.onCachedAnswer?.(input as never);
        return sendEntry(request, reply, entry);
      }
      const input = parse(ctx);
      // A visitor on an 'optional' route has nothing to look up.
      if (auth === 'user' || (auth === 'optional' && ctx.token)) {
        try {
          ctx.actor = await authenticate(ctx);
        } catch (error) {
          rethrowUnlessVisitor(auth, error);
        }
      }
      return sendOk(reply, await definition.handle(ctx, input as never));
    };
    const methods = Array.isArray(definition.method) ? definition.method : [definition.method];
    for (const method of methods) {
      if (defined.some((d) => d.method === method && d.url === definition.url)) {
        throw new Error(`route ${method} ${definition.url} twice`);
      }
      defined.push({ method, url: definition.url, auth, input: definition.input, output: definition.output });
    }
    app.route({ method: methods, url: definition.url, handler });
  };
}
