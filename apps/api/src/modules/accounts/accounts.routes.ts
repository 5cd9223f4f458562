/** The account calls of SPEC §7 (and the few this issue adds), thin: parse, call the service. */
import {
  CODE_PURPOSES,
  localUserSchema,
  loginResultSchema,
  noDataSchema,
  slideChallengeSchema,
  tokenSchema,
  verificationSchema,
} from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import type { AccountsService } from './accounts.service.ts';
import type { IdentityService } from './identity.service.ts';

/** Query strings and forms bring numbers as strings, JSON may bring them as numbers. */
const str = (max = 256) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max));
const opt = (max = 256) => str(max).optional();
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');
const accountType = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.enum(['phone', 'email', '1', '2']))
  .transform((v) => (v === '1' ? 'phone' : v === '2' ? 'email' : v) as 'phone' | 'email');
const trail = z
  .union([z.string().max(20_000), z.array(z.array(z.number()))])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return [];
    if (Array.isArray(v)) return v;
    try {
      const parsed: unknown = JSON.parse(v);
      if (
        Array.isArray(parsed) &&
        parsed.every((p) => Array.isArray(p) && p.every((n) => typeof n === 'number'))
      ) {
        return parsed as number[][];
      }
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'trail' });
    return z.NEVER;
  });

const registerFields = {
  type: accountType,
  areaCode: opt(8),
  phone: opt(32),
  email: opt(128),
  username: opt(64),
  password: str(64),
  rePassword: str(64),
  invitationCode: opt(64),
  /** The agent code the storefront saved from the `code` query. */
  code: opt(64),
  slideToken: opt(64),
  agree: flag,
};

export function accountRoutes(
  route: DefineRoute,
  accounts: AccountsService,
  identity: IdentityService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/slide/challenge',
    output: slideChallengeSchema,
    input: z.object({}),
    handle: (ctx) => accounts.slideChallenge(ctx),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/slide/verify',
    output: tokenSchema,
    input: z.object({ id: str(64), x: z.coerce.number().finite(), trail }),
    handle: async (ctx, { id, x, trail: points }) => ({
      token: await accounts.slideVerify(ctx, id, x, points),
    }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/jscode!execute.action',
    output: noDataSchema,
    input: z.object({
      purpose: z.enum(CODE_PURPOSES).default('register'),
      type: accountType.optional(),
      areaCode: opt(8),
      phone: opt(32),
      email: opt(128),
      username: opt(128),
    }),
    handle: async (ctx, input) => {
      await accounts.sendCode(ctx, input);
      return null;
    },
  });

  const register = (verifyCode: string | undefined, input: z.output<z.ZodObject<typeof registerFields>>) => ({
    type: input.type,
    areaCode: input.areaCode,
    phone: input.phone,
    email: input.email,
    username: input.username,
    password: input.password,
    rePassword: input.rePassword,
    invitationCode: input.invitationCode,
    agentCode: input.code,
    slideToken: input.slideToken,
    agree: input.agree,
    verifyCode,
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/registerNoVerifyCode',
    output: loginResultSchema,
    input: z.object(registerFields),
    handle: (ctx, input) => accounts.register(ctx, register(undefined, input)),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/localuser!registerWithVerifcode.action',
    output: loginResultSchema,
    input: z.object({ ...registerFields, verifyCode: str(16) }),
    handle: (ctx, input) => accounts.register(ctx, register(input.verifyCode, input)),
  });

  route({
    method: 'POST',
    url: '/api/login',
    output: loginResultSchema,
    input: z.object({ username: str(128), password: str(64), areaCode: opt(8) }),
    handle: (ctx, input) => accounts.login(ctx, input),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/user!logout.action',
    output: noDataSchema,
    input: z.object({}),
    auth: 'optional',
    handle: async (ctx) => {
      await accounts.logout(ctx);
      return null;
    },
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/get/local/user',
    output: localUserSchema,
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => accounts.localUser(ctx),
  });
  route({
    method: 'POST',
    url: '/api/refresh/avatar',
    output: localUserSchema,
    input: z.object({ avatar: intInput(1, 20) }),
    auth: 'user',
    handle: (ctx, { avatar }) => accounts.setAvatar(ctx, avatar),
  });
  route({
    method: 'POST',
    url: '/api/user/updateOldAndNewPsw',
    output: tokenSchema,
    input: z.object({ oldPassword: str(64), password: str(64), rePassword: str(64) }),
    auth: 'user',
    handle: (ctx, input) => accounts.changePassword(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/user/resetPassword',
    output: noDataSchema,
    input: z.object({
      username: str(128),
      areaCode: opt(8),
      verifyCode: str(16),
      password: str(64),
      rePassword: str(64),
    }),
    handle: async (ctx, input) => {
      await accounts.resetPassword(ctx, input);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/api/user/SetSafeWord',
    output: noDataSchema,
    // `password` (the login password) is optional for the spec's clients; the pay dialog sends it.
    input: z.object({ safeword: str(64), reSafeword: str(64), password: str(64).optional() }),
    auth: 'user',
    handle: async (ctx, input) => {
      await accounts.setFundPassword(ctx, input);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/api/user/updateOldAndNewSafeWord',
    output: noDataSchema,
    input: z.object({ oldSafeword: str(64), safeword: str(64), reSafeword: str(64) }),
    auth: 'user',
    handle: async (ctx, input) => {
      await accounts.changeFundPassword(ctx, input);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/api/user!logoff.action',
    output: noDataSchema,
    input: z.object({ password: str(64) }),
    auth: 'user',
    handle: async (ctx, { password }) => {
      await accounts.cancelAccount(ctx, password);
      return null;
    },
  });

  for (const kind of ['realname', 'c3'] as const) {
    route({
      method: 'POST',
      url: `/api/identity/${kind}/submit`,
      output: verificationSchema,
      input: z.object({
        realName: opt(128),
        idNumber: opt(64),
        nationality: opt(128),
        frontImg: str(512),
        backImg: str(512),
        handheldImg: opt(512),
      }),
      auth: 'user',
      handle: (ctx, input) => identity.submit(ctx, kind, input),
    });
    route({
      method: ['GET', 'POST'],
      url: `/api/identity/${kind}/status`,
      output: verificationSchema,
      input: z.object({}),
      auth: 'user',
      handle: (ctx) => identity.status(ctx, kind),
    });
  }
}
