/** GET /api/openapi.json: the document of every call, built once from the routes defined so far. */
import type { FastifyInstance } from 'fastify';
import { definedRoutes } from '../http/route.ts';
import { buildOpenApi } from './openapi.ts';

/** Register after every route: the document lists what was defined on `app` by then. */
export function openApiRoute(app: FastifyInstance): void {
  let body: string | undefined;
  app.get('/api/openapi.json', (_request, reply) => {
    body ??= JSON.stringify(buildOpenApi(definedRoutes(app)));
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
