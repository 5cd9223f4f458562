import { isParamCode, type ParamCode, publicParamsSchema } from '@mall/contract';
import { getParamsInputSchema } from '@mall/contract/params.inputs';
import { AppError } from '../../core/errors.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { ParamsService } from './params.service.ts';

// Clients ask for the same few lists on every page load; splitting them once is enough.
// Only valid lists are kept, and only a bounded number of them.
const parsedLists = new Map<string, readonly ParamCode[]>();
const MAX_CACHED_LISTS = 64;

export function parseCodeList(raw: string | undefined): readonly ParamCode[] {
  if (!raw) return [];
  const known = parsedLists.get(raw);
  if (known) return known;
  const codes = raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (!codes.every(isParamCode)) throw new AppError('PARAMETER_ERROR', { field: 'code' });
  if (parsedLists.size < MAX_CACHED_LISTS) parsedLists.set(raw, codes);
  return codes;
}

export function paramsRoutes(route: DefineRoute, params: ParamsService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/get/params',
    output: publicParamsSchema,
    input: getParamsInputSchema,
    handle: (ctx, { code }) => params.pick(ctx.brand, parseCodeList(code)),
  });
}
