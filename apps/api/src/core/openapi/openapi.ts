/**
 * The OpenAPI 3.1 document of the mall's calls, built from the route definitions (each call's zod
 * input and output schemas, auth and roles) and served at GET /api/openapi.json. The contract's
 * named schemas (`walletRecordSchema` …) become components; docs/api is written from this document.
 */
import * as contract from '@mall/contract';
import { UPLOAD_LIMITS, uploadedImageSchema } from '@mall/contract';
import { z } from 'zod';
import type { DefinedRoute, HttpMethod, RouteAuth } from '../http/route.ts';

type JsonSchema = Record<string, unknown>;

/** A call Fastify serves outside the route definer (multipart upload), declared here by hand. */
export interface NativeCall {
  method: HttpMethod;
  url: string;
  auth: RouteAuth;
  summary: string;
  /** multipart/form-data fields. */
  form: JsonSchema;
  output: z.ZodType;
}

export const NATIVE_CALLS: readonly NativeCall[] = [
  {
    method: 'POST',
    url: '/api/upload/img',
    auth: 'user',
    summary: 'Uploads one image (multipart); data.data is its URL.',
    form: {
      type: 'object',
      required: ['file', 'moduleName'],
      properties: {
        file: { type: 'string', contentMediaType: 'image/*', description: 'JPEG, PNG, GIF or WebP' },
        moduleName: { type: 'string', enum: Object.keys(UPLOAD_LIMITS) },
      },
    },
    output: uploadedImageSchema,
  },
];

/** The reference pages of docs/api, one per area; a call's area follows from its path. */
export const AREAS = [
  'catalogue',
  'accounts',
  'orders',
  'wallet',
  'loans',
  'chat',
  'seller',
  'admin',
] as const;
export type Area = (typeof AREAS)[number];

export function areaOf(url: string): Area {
  const path = url.replace(/^\/(api|public)\//, '');
  if (/^admin\/(seller|merchants)\//.test(path)) return 'seller';
  if (/^admin\/(wallet|ledger)\//.test(path)) return 'wallet';
  if (/^admin\/loans\//.test(path)) return 'loans';
  if (/^admin\/chat\//.test(path)) return 'chat';
  if (/^admin\/orders\//.test(path)) return 'orders';
  if (path.startsWith('admin/')) return 'admin';
  if (/^(order|pay)\//.test(path)) return 'orders';
  if (/^(loan)\//.test(path)) return 'loans';
  if (/^(newOnlinechat|userOnlineChatController)!/.test(path)) return 'chat';
  if (/^merchant\//.test(path)) return 'seller';
  if (/^(wallet|channel|rechargeBlockchain|rechargeBank|thirdPartyRecharge|withdraw)\b/.test(path))
    return 'wallet';
  if (path === 'user!bindWithdrawAddress.action') return 'wallet';
  if (
    /^(sellerGoods|index!home|banner|category|seller\/|current\/|search|evaluation|keepGoods|keep\/|focus\/)/.test(
      path,
    )
  )
    return 'catalogue';
  return 'accounts';
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The contract's exported schemas by object, named after their export (`walletRecordSchema` → WalletRecord). */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType && !names.has(value)) {
      names.set(value, pascal(name.slice(0, -'Schema'.length)));
    }
  }
  return names;
}

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const operationId = (method: HttpMethod, url: string) =>
  `${method.toLowerCase()}_${url.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`;

function security(auth: RouteAuth): { security: Record<string, string[]>[] } & Record<string, unknown> {
  if (auth === 'none') return { security: [] };
  if (auth === 'optional') return { security: [{}, { bearer: [] }] };
  if (auth === 'user') return { security: [{ bearer: [] }] };
  return { security: [{ bearer: [] }], 'x-staff-roles': [...auth.roles] };
}

function authText(auth: RouteAuth): string {
  if (auth === 'none') return 'Anyone.';
  if (auth === 'optional') return 'Anyone; a signed-in user is recognised.';
  if (auth === 'user') return 'A signed-in user.';
  return `Staff holding one of: ${auth.roles.join(', ')}.`;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', description: '0 on success; otherwise the error code (403: signed out).' },
      msg: { type: 'string', description: "'success', or the error in the request's language." },
      data,
      key: { type: 'string', description: 'The error catalogue key (errors only).' },
    },
  };
}

/** Query parameters of a GET, from the input schema's top-level properties. */
function queryParameters(input: JsonSchema): JsonSchema[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: JsonSchema; parameters: JsonSchema };
}

export function buildOpenApi(routes: readonly DefinedRoute[], version = '1'): OpenApiDocument {
  const names = namedSchemas();
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  // Outputs that are not named themselves get a temporary id, inlined below.
  const calls = [
    ...routes.map((r) => ({ ...r, native: undefined as NativeCall | undefined })),
    ...NATIVE_CALLS.map((n) => ({ ...n, input: z.object({}), native: n })),
  ];
  const dataIds = new Map<string, string>();
  for (const call of calls) {
    if (!call.output) continue;
    const id = names.get(call.output) ?? `__data_${operationId(call.method, call.url)}`;
    if (!names.has(call.output) && !registry.has(call.output)) registry.add(call.output, { id });
    dataIds.set(operationId(call.method, call.url), registry.get(call.output)?.id ?? id);
  }
  const converted = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }).schemas as Record<string, JsonSchema>;
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted))
    if (!id.startsWith('__data_')) schemas[id] = strip(schema);
  const dataSchema = (opId: string): JsonSchema => {
    const id = dataIds.get(opId);
    if (!id) return {};
    return id.startsWith('__data_') ? strip(converted[id] ?? {}) : { $ref: `#/components/schemas/${id}` };
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const call of calls) {
    const opId = operationId(call.method, call.url);
    const input = strip(z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
    const operation: JsonSchema = {
      operationId: opId,
      tags: [areaOf(call.url)],
      summary: call.native?.summary ?? `${call.method} ${call.url}`,
      description: authText(call.auth),
      ...security(call.auth),
      parameters: [
        { $ref: '#/components/parameters/lang' },
        ...(call.method === 'GET' ? queryParameters(input) : []),
      ],
      responses: {
        '200': {
          description: 'The envelope; `data` as below when `code` is 0.',
          content: { 'application/json': { schema: envelope(dataSchema(opId)) } },
        },
      },
    };
    if (call.native) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: call.native.form } },
      };
    } else if (call.method === 'POST') {
      operation.requestBody = {
        required: false,
        content: {
          'application/json': { schema: input },
          'application/x-www-form-urlencoded': { schema: input },
        },
      };
    }
    paths[call.url] ??= {};
    (paths[call.url] as Record<string, JsonSchema>)[call.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mall API',
      version,
      description:
        'Every call answers the envelope { code, msg, data, key? } with HTTP 200 (docs/api/README.md). ' +
        'Parameters may come in the query, a JSON body or a form body, merged with the body winning. ' +
        'Money is a decimal string; times are YYYY-MM-DD HH:mm:ss in Asia/Shanghai.',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token; also accepted as a `token` body field or query parameter.',
        },
      },
      parameters: {
        lang: {
          name: 'lang',
          in: 'query',
          required: false,
          description:
            'Answer language: a query code (cn, tw, ph …) or a UI code (zh-CN …); English otherwise.',
          schema: { type: 'string' },
        },
      },
    },
  };
}
