/**
 * Thin routes: parse the merged parameters with a zod schema, authenticate when asked, check the
 * role, call the service, answer the envelope. A parse failure is a catalogue error and nothing runs.
 */
import type { Role } from '@mall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BrandResolver } from '../brand.ts';
import { AppError } from '../errors.ts';
import type { CachedRead, FrontDoor } from './front-door.ts';
import type { JsonReply } from './json-reply.ts';
import { type StampHeaders, writeOkAnswer } from './ok-answer.ts';
import { type Actor, contextOf, type RequestContext } from './request-context.ts';

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
   * What `handle` answers a visitor's GET when the service holds it already (it counts a view as
   * `handle` would): the front door (core/http/front-door.ts) answers such requests ahead of
   * Fastify. Only for routes whose answer depends on nothing but the query and the language.
   */
  cachedRead?: CachedRead;
}

/**
 * Resolves the request's session to its user and roles, or throws a 403-coded catalogue error.
 * Answers synchronously when session and user are cached (the hot path), a promise otherwise.
 */
export type Authenticate = (ctx: RequestContext) => Actor | Promise<Actor>;

/** With an `output` schema, what `handle` answers must fit it (checked by the compiler). */
export type DefineRoute = <
  S extends z.ZodType,
  O extends z.ZodType,
  // A pre-serialized answer is not checked; nothing (void) is sent as null.
  // biome-ignore lint/suspicious/noConfusingVoidType: a handle answering nothing returns void.
  R extends z.input<O> | JsonReply | (null extends z.input<O> ? void : never),
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

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

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

/** Paths of the API live under these prefixes; each gets one Fastify route (see below). */
const PREFIXES = ['/api/', '/public/'] as const;

function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // Trailing slashes are ignored, as they were by the router.
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Our calls are dispatched from one Fastify route per prefix through exact-path maps. Measured on
 * this machine: find-my-way with 60 static routes answers 16% fewer requests/s than with one, and
 * the mall has about 150; one wildcard route and a Map lookup cost the same as a single route.
 * Unknown paths fall through to the not-found handler (an envelope, never an HTML page).
 */
export function createRouteDefiner(
  app: FastifyInstance,
  brands: BrandResolver,
  authenticate: Authenticate,
  /** Headers every answer carries besides its own (the storefront's build stamp). */
  stamp: StampHeaders = [],
  /** Where routes' cached reads are registered; without one, every request takes its route. */
  frontDoor?: FrontDoor,
): DefineRoute {
  const byMethod: Record<HttpMethod, Map<string, Handler>> = { GET: new Map(), POST: new Map() };
  const defined: DefinedRoute[] = [];
  definitions.set(app, defined);
  const dispatch = (request: FastifyRequest, reply: FastifyReply) => {
    const table = byMethod[request.method as HttpMethod];
    const handler = table?.get(pathOf(request.url));
    if (!handler) return reply.callNotFound();
    return handler(request, reply);
  };
  for (const prefix of PREFIXES) {
    app.route({ method: ['GET', 'POST'], url: `${prefix}*`, handler: dispatch });
  }

  return (definition) => {
    if (!PREFIXES.some((p) => definition.url.startsWith(p))) {
      throw new Error(`route ${definition.url} is outside ${PREFIXES.join(', ')}`);
    }
    const auth = definition.auth ?? 'none';
    const afterAuth = async (
      ctx: RequestContext,
      pending: Promise<Actor>,
      input: unknown,
      reply: FastifyReply,
    ) => {
      try {
        ctx.actor = await pending;
      } catch (error) {
        rethrowUnlessVisitor(auth, error);
      }
      writeOkAnswer(reply, await definition.handle(ctx, input as never), stamp);
    };
    const staffCall = async (ctx: RequestContext, roles: readonly Role[], reply: FastifyReply) => {
      await requireRole(ctx, roles, authenticate);
      const parsed = definition.input.safeParse(ctx.params);
      if (!parsed.success) throw toInputError(parsed.error, ctx.params);
      writeOkAnswer(reply, await definition.handle(ctx, parsed.data as never), stamp);
    };
    // Synchronous when the service is (cache hits): no promise, no extra microtask hops on the
    // hottest reads. Errors thrown here reach the same error handler either way.
    const handler: Handler = (request, reply) => {
      const ctx = contextOf(request, brands);
      // Staff calls check the session and the role before reading anything else: a wrong role is
      // refused the same way whatever it sends, and learns nothing about the call's parameters.
      if (typeof auth === 'object') return staffCall(ctx, auth.roles, reply);
      const parsed = definition.input.safeParse(ctx.params);
      if (!parsed.success) throw toInputError(parsed.error, ctx.params);
      // A visitor on an 'optional' route has nothing to look up: the synchronous path below; so
      // has a signed-in user whose session and user are cached (no promise, no microtask hops).
      if (auth !== 'none' && !(auth === 'optional' && !ctx.token)) {
        let actor: Actor | Promise<Actor> | undefined;
        try {
          actor = authenticate(ctx);
        } catch (error) {
          rethrowUnlessVisitor(auth, error);
        }
        if (actor instanceof Promise) return afterAuth(ctx, actor, parsed.data, reply);
        ctx.actor = actor;
      }
      const result = definition.handle(ctx, parsed.data);
      if (result instanceof Promise) return result.then((data) => writeOkAnswer(reply, data, stamp));
      writeOkAnswer(reply, result, stamp);
    };
    const methods = Array.isArray(definition.method) ? definition.method : [definition.method];
    if (definition.cachedRead) {
      if (typeof auth === 'object' || auth === 'user' || !methods.includes('GET')) {
        throw new Error(`route ${definition.url}: a cached read is for visitors' GETs`);
      }
      frontDoor?.register(definition.url, definition.cachedRead);
    }
    for (const method of methods) {
      if (byMethod[method].has(definition.url)) throw new Error(`route ${method} ${definition.url} twice`);
      byMethod[method].set(definition.url, handler);
      defined.push({ method, url: definition.url, auth, input: definition.input, output: definition.output });
    }
  };
}
