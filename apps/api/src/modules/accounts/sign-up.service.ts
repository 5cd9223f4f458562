/**
 * Signing up (issue 4): the slide check, verification codes, registration, and accounts created
 * directly by seeding and tests.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  ACCOUNT_RULES,
  type Brand,
  isAccountEmail,
  type LoginResultDto,
  type Role,
  SLIDE_RULES,
  type SlideChallengeDto,
} from '@mall/contract';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import {
  type AccountDeps,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  checkPasswordRules,
  DAY_MS,
  humanTrail,
  RATE_LIMITS,
  type RegisterInput,
  type SendCodeInput,
  SLIDE_PASS_TTL_MS,
  SLIDE_TTL_MS,
  sha256,
} from './accounts.rules.ts';
import { checkCode, findLogin, limit, signIn } from './accounts.steps.ts';
import { drawSlide } from './slide-image.ts';

export class SignUp {
  constructor(private readonly d: AccountDeps) {}

  async slideChallenge(ctx: RequestContext): Promise<SlideChallengeDto> {
    await limit(this.d, `slide:${ctx.ip}`, RATE_LIMITS.slidePerIp);
    const { width, height, piece } = SLIDE_RULES;
    // The gap never sits where the piece starts, so "not moving" never passes.
    const x = randomInt(piece + 20, width - piece - 4);
    const y = randomInt(4, height - piece - 4);
    const now = this.d.clock.now();
    const id = newId();
    await this.d.repository.insertChallenge({
      id,
      brand: ctx.brand.key,
      x,
      y,
      now,
      expiresAt: now + SLIDE_TTL_MS,
    });
    const pictures = drawSlide(width, height, piece, x, y);
    return {
      id,
      width,
      height,
      background: `data:image/png;base64,${pictures.background.toString('base64')}`,
      piece: `data:image/png;base64,${pictures.piece.toString('base64')}`,
      pieceY: y,
      pieceSize: piece,
      expiresInSeconds: SLIDE_TTL_MS / 1000,
    };
  }

  /**
   * One try per challenge: the drop must land within the tolerance of the gap, after a drag that
   * took at least 200 ms over at least 5 points moving forward. Answers a single-use pass token.
   */
  async slideVerify(ctx: RequestContext, id: string, x: number, trail: readonly number[][]): Promise<string> {
    const now = this.d.clock.now();
    const target = await this.d.repository.takeChallenge(ctx.brand.key, id, now);
    if (target === undefined) throw new AppError('SLIDE_VERIFICATION_FAILED');
    if (Math.abs(x - target) > SLIDE_RULES.tolerance || !humanTrail(trail, x)) {
      throw new AppError('SLIDE_VERIFICATION_FAILED');
    }
    const token = randomBytes(24).toString('base64url');
    await this.d.repository.passChallenge(id, sha256(token), now + SLIDE_PASS_TTL_MS);
    return token;
  }

  /**
   * Sends a 6-digit code through the outbox: for `register` to the phone or e-mail being signed up,
   * for `reset` to the account's e-mail (or phone). An unknown account for `reset` answers the
   * same success without sending, so the call tells nobody which accounts exist.
   */
  async sendCode(ctx: RequestContext, input: SendCodeInput): Promise<void> {
    await limit(this.d, `code:ip:${ctx.ip}`, RATE_LIMITS.codePerIp);
    const brand = ctx.brand.key;
    let target: string;
    let to: string;
    let channel: 'email' | 'sms';
    if (input.purpose === 'register') {
      const id = this.registrationIdentity(input.type, input);
      if (id.kind === 'email') {
        target = `email:${id.email}`;
        to = id.email;
        channel = 'email';
      } else {
        target = `phone:${id.phoneKey}`;
        to = `+${id.areaCode}${id.phone}`;
        channel = 'sms';
      }
      const taken = await this.d.repository.taken(brand, {
        email: id.kind === 'email' ? id.email : null,
        phoneKey: id.kind === 'phone' ? id.phoneKey : null,
      });
      if (taken.email || taken.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
    } else {
      if (!input.username) throw new AppError('MISSING_PARAMETER', { field: 'username' });
      const user = await findLogin(this.d, brand, input.username, input.areaCode);
      if (!user || user.status === 'cancelled') return;
      target = `user:${user.id}`;
      if (user.email && input.type !== 'phone') {
        to = user.email;
        channel = 'email';
      } else if (user.phone_key) {
        to = `+${user.area_code}${user.phone}`;
        channel = 'sms';
      } else {
        to = user.email as string;
        channel = 'email';
      }
    }
    await limit(this.d, `code:target:${brand}:${target}`, RATE_LIMITS.codePerTargetDay);
    if (!(await this.d.limiter.hit(`code:resend:${brand}:${target}`, 1, CODE_RESEND_MS))) {
      throw new AppError('TOO_FREQUENT');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.d.clock.now();
    await inTransaction(this.d.db, (tx) =>
      this.d.repository.insertCode(tx, {
        id: newId(),
        brand,
        purpose: input.purpose,
        target,
        codeHash: sha256(`${brand}|${target}|${code}`),
        now,
        expiresAt: now + CODE_TTL_MS,
      }),
    );
    const brandName = ctx.brand.name;
    await this.d.outbox.send({
      brand,
      channel,
      to,
      subject: `${brandName} verification code`,
      body: `Your ${brandName} verification code is ${code}. It expires in ${CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this message.`,
    });
  }

  private registrationIdentity(
    type: 'phone' | 'email' | undefined,
    input: { areaCode?: string | undefined; phone?: string | undefined; email?: string | undefined },
  ): { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string; phoneKey: string } {
    if (type === 'email') {
      if (!input.email) throw new AppError('MISSING_PARAMETER', { field: 'email' });
      const email = input.email.trim().toLowerCase();
      if (!isAccountEmail(email)) throw new AppError('EMAIL_FORMAT');
      return { kind: 'email', email };
    }
    if (type !== 'phone') throw new AppError('PARAMETER_ERROR', { field: 'type' });
    if (!input.phone) throw new AppError('MISSING_PARAMETER', { field: 'phone' });
    if (!input.areaCode) throw new AppError('MISSING_PARAMETER', { field: 'areaCode' });
    const areaCode = input.areaCode.replace(/^\+/, '').trim();
    const phone = input.phone.replace(/[\s-]/g, '');
    if (!ACCOUNT_RULES.areaCodePattern.test(areaCode) || !ACCOUNT_RULES.phonePattern.test(phone)) {
      throw new AppError('PHONE_FORMAT');
    }
    return { kind: 'phone', areaCode, phone, phoneKey: `${areaCode}-${phone}` };
  }

  async register(ctx: RequestContext, input: RegisterInput): Promise<LoginResultDto> {
    await limit(this.d, `register:${ctx.ip}`, RATE_LIMITS.registerPerIp);
    const brand = ctx.brand.key;
    const params = await this.d.params.all(ctx.brand);
    const withCode = input.verifyCode !== undefined;
    if (!withCode && params.register_verify_code_required === '1') {
      throw new AppError('MISSING_PARAMETER', { field: 'verifyCode' });
    }
    const id = this.registrationIdentity(input.type, input);
    let username: string | undefined;
    if (input.username !== undefined && input.username !== '') {
      if (!ACCOUNT_RULES.usernamePattern.test(input.username)) throw new AppError('USERNAME_FORMAT');
      username = input.username;
    }
    checkPasswordRules(input.password, input.rePassword);
    if (!input.agree) throw new AppError('TERMS_NOT_ACCEPTED');
    let invitedBy: string | null = null;
    if (input.invitationCode) {
      if (!ACCOUNT_RULES.invitationCodePattern.test(input.invitationCode))
        throw new AppError('INVALID_INVITATION_CODE');
      const inviter = await this.d.repository.findByUsercode(brand, input.invitationCode);
      if (!inviter) throw new AppError('INVALID_INVITATION_CODE');
      invitedBy = inviter.id;
    } else if (params.register_invitation_required === '1') {
      throw new AppError('INVITATION_CODE_REQUIRED');
    }
    const agentCode =
      input.agentCode && ACCOUNT_RULES.agentCodePattern.test(input.agentCode) ? input.agentCode : null;
    const now = this.d.clock.now();
    if (!input.slideToken || !(await this.d.repository.passIsLive(brand, sha256(input.slideToken), now))) {
      throw new AppError('SLIDE_VERIFICATION_FAILED');
    }
    const target = id.kind === 'email' ? `email:${id.email}` : `phone:${id.phoneKey}`;
    const codeId = withCode
      ? await checkCode(this.d, brand, 'register', target, input.verifyCode as string)
      : undefined;
    const taken = await this.d.repository.taken(brand, {
      email: id.kind === 'email' ? id.email : null,
      phoneKey: id.kind === 'phone' ? id.phoneKey : null,
      usernameKey: username?.toLowerCase() ?? null,
    });
    if (taken.email || taken.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
    if (taken.username) throw new AppError('USERNAME_DUPLICATE');
    const days = Number(params.account_reregister_days) || 0;
    const heldValue = id.kind === 'email' ? id.email : id.phoneKey;
    if (
      days > 0 &&
      (await this.d.repository.cancelledSince(brand, id.kind, heldValue, now - days * DAY_MS))
    ) {
      throw new AppError('REREGISTER_TOO_SOON', { days });
    }
    // Hashing takes tens of milliseconds: done before the transaction, which stays short.
    const passwordHash = await this.d.hasher.hash(input.password);
    const userId = newId();
    for (let attempt = 0; ; attempt++) {
      const usercode = String(randomInt(1_000_000, 10_000_000));
      try {
        await inTransaction(this.d.db, async (tx) => {
          if (!(await this.d.repository.consumePass(tx, brand, sha256(input.slideToken as string), now))) {
            throw new AppError('SLIDE_VERIFICATION_FAILED');
          }
          if (codeId && !(await this.d.repository.consumeCode(tx, codeId, now))) {
            throw new AppError('WRONG_VERIFICATION_CODE');
          }
          await this.d.repository.insertUser(
            tx,
            {
              id: userId,
              brand,
              usercode,
              username: username ?? `u${usercode}`,
              email: id.kind === 'email' ? id.email : null,
              areaCode: id.kind === 'phone' ? id.areaCode : null,
              phone: id.kind === 'phone' ? id.phone : null,
              passwordHash,
              invitedBy,
              agentCode,
              lang: ctx.lang,
              now,
            },
            ['buyer'],
          );
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A race on the same phone, e-mail or name, or (rarely) a generated code already in use.
        const again = await this.d.repository.taken(brand, {
          email: id.kind === 'email' ? id.email : null,
          phoneKey: id.kind === 'phone' ? id.phoneKey : null,
          usernameKey: (username ?? `u${usercode}`).toLowerCase(),
        });
        if (again.email || again.phone) throw new AppError('ACCOUNT_ALREADY_BOUND');
        if (again.username && username) throw new AppError('USERNAME_DUPLICATE');
        if (attempt >= 5) throw error;
      }
    }
    return signIn(this.d, ctx, userId, { event: 'register', deviceId: input.deviceId });
  }

  /** Creates an account directly (seeding, tests): no slide, no code, no rate limit. */
  async createAccount(a: {
    brand: Brand;
    username: string;
    email?: string | null;
    areaCode?: string | null;
    phone?: string | null;
    passwordHash: string;
    roles: Role[];
    fundPasswordHash?: string | null;
  }): Promise<string | undefined> {
    const taken = await this.d.repository.taken(a.brand.key, {
      usernameKey: a.username.toLowerCase(),
      email: a.email ?? null,
    });
    if (taken.username || taken.email) return undefined;
    const id = newId();
    const now = this.d.clock.now();
    await inTransaction(this.d.db, async (tx) => {
      await this.d.repository.insertUser(
        tx,
        {
          id,
          brand: a.brand.key,
          usercode: String(randomInt(1_000_000, 10_000_000)),
          username: a.username,
          email: a.email ?? null,
          areaCode: a.areaCode ?? null,
          phone: a.phone ?? null,
          passwordHash: a.passwordHash,
          invitedBy: null,
          agentCode: null,
          lang: 'en',
          now,
        },
        a.roles,
      );
    });
    if (a.fundPasswordHash) await this.d.repository.setFirstFundPassword(id, a.fundPasswordHash, now);
    return id;
  }
}
