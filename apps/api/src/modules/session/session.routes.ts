import { heartbeatSchema, toWireTime } from '@mall/contract';
import { userHeartbeatInputSchema } from '@mall/contract/session.inputs';
import type { Clock } from '../../core/clock.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { SessionService } from './session.service.ts';

export function sessionRoutes(route: DefineRoute, sessions: SessionService, clock: Clock): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/user!heartbeat.action',
    output: heartbeatSchema,
    input: userHeartbeatInputSchema,
    auth: 'user',
    handle: async (ctx) => {
      await sessions.heartbeat(ctx);
      return { serverTime: toWireTime(clock.now()) };
    },
  });
}
