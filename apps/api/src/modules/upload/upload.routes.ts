/**
 * `POST /api/upload/img` (multipart: `file`, `moduleName`; reply `data.data` = URL) and the files
 * themselves: public ones under `GET /uploads/...` (from the storage port, so every process
 * serves what any process stored), private ones under `GET /api/upload/private/<id>` to their
 * owner's or allowed staff's session, or with a signed link. Multipart needs its own Fastify
 * route: the dispatcher's routes read merged parameters, not streams.
 */
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@mall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandResolver } from '../../core/brand.ts';
import { AppError } from '../../core/errors.ts';
import { errorEnvelope, okEnvelope } from '../../core/http/envelope.ts';
import { contextOf } from '../../core/http/request-context.ts';
import type { Authenticate } from '../../core/http/route.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import { isValidPrivateLink, PRIVATE_URL_PREFIX } from '../../core/storage/private-links.ts';
import { UPLOADS_URL_PREFIX } from '../../core/storage/storage.ts';
import { isUploadModule, type PrivateReader, type UploadService } from './upload.service.ts';

export async function uploadRoutes(
  app: FastifyInstance,
  brands: BrandResolver,
  authenticate: Authenticate,
  uploads: UploadService,
  limiter: RateLimiter,
): Promise<void> {
  // Multipart lives in its own scope: registered on the app, its three async hooks (onRequest,
  // preValidation, onResponse) ran on every request of the mall, about 30 µs of CPU each time.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    scope.post('/api/upload/img', (request, reply) => uploadImage(request, reply));
  });

  const uploadImage = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = contextOf(request, brands);
    ctx.actor = await authenticate(ctx);
    if (!request.isMultipart()) throw new AppError('ILLEGAL_REQUEST');
    if (!(await limiter.hit(`upload:${ctx.actor.userId}`, 60, 10 * 60_000)))
      throw new AppError('TOO_FREQUENT');
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            throw new AppError('PARAMETER_ERROR', { field: part.fieldname });
          }
          file = await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('IMAGE_TOO_LARGE', { maxBytes: UPLOAD_MAX_BYTES });
      throw new AppError('UPLOAD_FAILED');
    }
    const moduleName = fields.moduleName ?? (request.query as Record<string, unknown>).moduleName;
    if (!file) throw new AppError('MISSING_PARAMETER', { field: 'file' });
    if (moduleName === undefined || moduleName === '')
      throw new AppError('MISSING_PARAMETER', { field: 'moduleName' });
    if (!isUploadModule(moduleName)) throw new AppError('PARAMETER_ERROR', { field: 'moduleName' });
    const stored = await uploads.storeImage(ctx.brand.key, ctx.actor.userId, moduleName, file);
    reply.header('cache-control', 'no-store');
    // A private file's URL comes plain, to be recorded: pages preview the picture they sent.
    return okEnvelope({
      data: stored.url,
      id: stored.id,
      size: stored.size,
      mime: stored.mime,
      width: stored.width,
      height: stored.height,
      sizes: stored.sizes,
    });
  };

  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await uploads.readPublic(key);
    if (!file) return reply.code(404).send(errorEnvelope('API_NOT_FOUND', contextOf(request, brands).lang));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });

  app.get(`${PRIVATE_URL_PREFIX}:id`, async (request, reply) => {
    const ctx = contextOf(request, brands);
    const id = (request.params as { id: string }).id;
    const query = request.query as Record<string, unknown>;
    let reader: PrivateReader | undefined;
    if (query.sig !== undefined || query.exp !== undefined) {
      if (!isValidPrivateLink(id, query.exp, query.sig)) throw new AppError('NO_PERMISSION');
      reader = 'signed-link';
    } else if (ctx.token) {
      const actor = await authenticate(ctx);
      reader = { userId: actor.userId, roles: actor.roles, brand: ctx.brand.key };
    }
    const file = /^[0-9A-Z]{26}$/.test(id) ? await uploads.readPrivate(id, reader) : undefined;
    if (!reader) throw new AppError('NOT_LOGGED_IN');
    if (!file) return reply.code(404).send(errorEnvelope('API_NOT_FOUND', ctx.lang));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(file.bytes);
  });
}
