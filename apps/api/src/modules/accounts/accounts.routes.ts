/** The account calls of SPEC §7 (and the few this issue adds), thin: parse, call the service. */

import {
  localUserSchema,
  loginResultSchema,
  noDataSchema,
  slideChallengeSchema,
  tokenSchema,
  verificationSchema,
} from '@mall/contract';
import {
  getLocalUserInputSchema,
  identityStatusInputSchema,
  identitySubmitInputSchema,
  jscodeExecuteInputSchema,
  localuserRegisterWithVerifcodeInputSchema,
  loginInputSchema,
  refreshAvatarInputSchema,
  registerNoVerifyCodeInputSchema,
  slideChallengeInputSchema,
  slideVerifyInputSchema,
  userLogoffInputSchema,
  userLogoutInputSchema,
  userResetPasswordInputSchema,
  userSetSafeWordInputSchema,
  userUpdateOldAndNewPswInputSchema,
  userUpdateOldAndNewSafeWordInputSchema,
} from '@mall/contract/accounts.inputs';
import type { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AccountsService } from './accounts.service.ts';
import type { IdentityService } from './identity.service.ts';

export function accountRoutes(
  route: DefineRoute,
  accounts: AccountsService,
  identity: IdentityService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/slide/challenge',
    output: slideChallengeSchema,
    input: slideChallengeInputSchema,
    handle: (ctx) => accounts.slideChallenge(ctx),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/slide/verify',
    output: tokenSchema,
    input: slideVerifyInputSchema,
    handle: async (ctx, { id, x, trail: points }) => ({
      token: await accounts.slideVerify(ctx, id, x, points),
    }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/jscode!execute.action',
    output: noDataSchema,
    input: jscodeExecuteInputSchema,
    handle: async (ctx, input) => {
      await accounts.sendCode(ctx, input);
      return null;
    },
  });

  const register = (
    verifyCode: string | undefined,
    input: z.output<typeof registerNoVerifyCodeInputSchema>,
  ) => ({
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
    deviceId: input.deviceId,
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/registerNoVerifyCode',
    output: loginResultSchema,
    input: registerNoVerifyCodeInputSchema,
    handle: (ctx, input) => accounts.register(ctx, register(undefined, input)),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/localuser!registerWithVerifcode.action',
    output: loginResultSchema,
    input: localuserRegisterWithVerifcodeInputSchema,
    handle: (ctx, input) => accounts.register(ctx, register(input.verifyCode, input)),
  });

  route({
    method: 'POST',
    url: '/api/login',
    output: loginResultSchema,
    input: loginInputSchema,
    handle: (ctx, input) => accounts.login(ctx, input),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/user!logout.action',
    output: noDataSchema,
    input: userLogoutInputSchema,
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
    input: getLocalUserInputSchema,
    auth: 'user',
    handle: (ctx) => accounts.localUser(ctx),
  });
  route({
    method: 'POST',
    url: '/api/refresh/avatar',
    output: localUserSchema,
    input: refreshAvatarInputSchema,
    auth: 'user',
    handle: (ctx, { avatar }) => accounts.setAvatar(ctx, avatar),
  });
  route({
    method: 'POST',
    url: '/api/user/updateOldAndNewPsw',
    output: tokenSchema,
    input: userUpdateOldAndNewPswInputSchema,
    auth: 'user',
    handle: (ctx, input) => accounts.changePassword(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/user/resetPassword',
    output: noDataSchema,
    input: userResetPasswordInputSchema,
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
    input: userSetSafeWordInputSchema,
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
    input: userUpdateOldAndNewSafeWordInputSchema,
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
    input: userLogoffInputSchema,
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
      input: identitySubmitInputSchema,
      auth: 'user',
      handle: (ctx, input) => identity.submit(ctx, kind, input),
    });
    route({
      method: ['GET', 'POST'],
      url: `/api/identity/${kind}/status`,
      output: verificationSchema,
      input: identityStatusInputSchema,
      auth: 'user',
      handle: (ctx) => identity.status(ctx, kind),
    });
  }
}
