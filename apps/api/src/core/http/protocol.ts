/**
 * The wire protocol of DESIGN §3 for every path: body parsing (JSON, form, empty), size limits,
 * errors as envelopes in the caller's language, unknown paths as envelopes, never a stack trace.
 */
import formbody from '@fastify/formbody';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandResolver } from '../brand.ts';
import { isAppError } from '../errors.ts';
import { errorEnvelope } from './envelope.ts';
import { contextOf } from './request-context.ts';

export interface ProtocolOptions {
  brands: BrandResolver;
  /** Where unexpected errors are written (with the request's id). */
  log: FastifyBaseLogger;
  /** Serves the storefront for unknown GET paths outside /api; undefined answers 404 envelopes. */
  serveApp?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
}

const API_PREFIXES = ['/api/', '/api!', '/public/', '/ws'];

function isApiPath(url: string): boolean {
  return url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));
}

function parseJsonBody(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, value?: unknown) => void,
) {
  if (body.trim().length === 0) {
    done(null, {});
    return;
  }
  try {
    done(null, JSON.parse(body));
  } catch {
    const error = new Error('Malformed JSON body') as FastifyError;
    error.statusCode = 400;
    (error as { code: string }).code = 'MALFORMED_JSON';
    done(error);
  }
}

/** Lock time-outs and serialization failures: the caller may simply try again. */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', '40001', '40P01', '55P03']);

function isBusy(error: { code?: string }): boolean {
  return typeof error.code === 'string' && BUSY_CODES.has(error.code);
}

export async function registerProtocol(app: FastifyInstance, options: ProtocolOptions): Promise<void> {
  const { brands, log } = options;

  // JSON and forms only (docs/api): Fastify's own text/plain parser goes, so any other type is a
  // 415 from Fastify, answered ILLEGAL_REQUEST below. Multipart has its own scope (upload routes).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  await app.register(formbody);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const ctx = contextOf(request, brands);
    // An error is about this request only: no cache may keep it (and a kept answer's ETag goes).
    reply.header('cache-control', 'no-store').removeHeader('etag');
    if (isAppError(error)) {
      return reply.code(200).send(errorEnvelope(error.key, ctx.lang, error.data));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorEnvelope('BODY_TOO_LARGE', ctx.lang));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(200).send(errorEnvelope('ILLEGAL_REQUEST', ctx.lang));
    }
    if (isBusy(error)) {
      log.warn({ reqId: request.id, url: request.url, code: error.code }, 'database busy');
      return reply.code(503).send(errorEnvelope('SYSTEM_BUSY', ctx.lang));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      log.info({ reqId: request.id, url: request.url, code: error.code, msg: error.message }, 'bad request');
      return reply.code(200).send(errorEnvelope('PARAMETER_ERROR', ctx.lang));
    }
    log.error({ reqId: request.id, method: request.method, url: request.url, err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope('SERVER_ERROR', ctx.lang));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
    if (isPage && options.serveApp) return options.serveApp(request, reply);
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(errorEnvelope('API_NOT_FOUND', contextOf(request, brands).lang));
  });
}
