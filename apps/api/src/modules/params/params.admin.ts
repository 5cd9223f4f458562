/**
 * The params page of the console (`/api/admin/params/...`, admin only; docs/api/admin.md): every
 * param with its definition, and a change checked against it (and against its paired param:
 * a minimum never above its maximum) before it is written, audited and announced to all processes.
 */

import {
  checkParamValue,
  PARAM_CODES,
  PARAM_DEFINITIONS,
  PARAM_ORDERED_PAIRS,
  type ParamCode,
  type ParamEntryDto,
  paramAbove,
  paramEntrySchema,
  toWireTime,
} from '@mall/contract';
import { adminParamsListInputSchema, adminParamsSetInputSchema } from '@mall/contract/params.inputs';
import { z } from 'zod';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AuditService } from '../audit/index.ts';
import type { ParamsRepository } from './params.repository.ts';
import type { ParamsService } from './params.service.ts';

export class ParamsAdmin {
  constructor(
    private readonly db: Executor,
    private readonly repository: ParamsRepository,
    private readonly params: ParamsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(ctx: RequestContext): Promise<ParamEntryDto[]> {
    const values = await this.params.all(ctx.brand);
    const rows = new Map((await this.repository.rowsOf(ctx.brand.key)).map((r) => [r.code, r]));
    const defaults = this.params.defaultsOf(ctx.brand);
    return PARAM_CODES.map((code) => {
      const d = PARAM_DEFINITIONS[code];
      const row = rows.get(code);
      return {
        code,
        group: d.group,
        type: d.type,
        min: d.min ?? null,
        max: d.max ?? null,
        options: d.options ? [...d.options] : null,
        defaultValue: defaults[code],
        value: values[code],
        overridden: row !== undefined,
        updateTime: row ? toWireTime(row.updated_at) : null,
      };
    });
  }

  async set(ctx: RequestContext, code: ParamCode, raw: string): Promise<ParamEntryDto> {
    const actorId = ctx.actor?.userId;
    if (!actorId) throw new AppError('NOT_LOGGED_IN');
    const checked = checkParamValue(code, raw);
    if (!checked.ok) {
      throw new AppError(checked.reason === 'range' ? 'PARAM_OUT_OF_RANGE' : 'PARAM_VALUE_INVALID', {
        field: code,
      });
    }
    const before = (await this.params.all(ctx.brand))[code];
    const values = { ...(await this.params.all(ctx.brand)), [code]: checked.value };
    for (const [min, max] of PARAM_ORDERED_PAIRS) {
      if ((code === min || code === max) && paramAbove(values[min], values[max])) {
        throw new AppError('PARAM_MIN_ABOVE_MAX', { field: code });
      }
    }
    await inTransaction(this.db, async (tx) => {
      await this.repository.upsert(ctx.brand.key, code, checked.value, this.clock.now(), tx);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId,
        action: 'param.set',
        targetType: 'param',
        targetId: code,
        before: { value: before },
        after: { value: checked.value },
      });
    });
    await this.params.changed(ctx.brand);
    const entry = (await this.list(ctx)).find((e) => e.code === code);
    return entry as ParamEntryDto;
  }
}

export function paramsAdminRoutes(route: DefineRoute, admin: ParamsAdmin): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/params/list',
    output: z.array(paramEntrySchema),
    input: adminParamsListInputSchema,
    auth: { roles: ['admin'] },
    handle: (ctx) => admin.list(ctx),
  });
  route({
    method: 'POST',
    url: '/api/admin/params/set',
    output: paramEntrySchema,
    input: adminParamsSetInputSchema,
    auth: { roles: ['admin'] },
    handle: (ctx, input) => admin.set(ctx, input.code as ParamCode, input.value),
  });
}
