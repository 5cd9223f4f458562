import { isSubscriptionEmail } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { SubscriptionRepository } from './subscription.repository.ts';

export class SubscriptionService {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  /** Stores a coupon subscription; addresses compare case-insensitively. */
  async subscribe(ctx: RequestContext, rawEmail: string): Promise<void> {
    // One address per request is normal; a burst from one IP is a list being loaded.
    if (!(await this.limiter.hit(`subscribe:${ctx.brand.key}:${ctx.ip}`, 5, 10 * 60_000))) {
      throw new AppError('TOO_FREQUENT');
    }
    const email = rawEmail.trim();
    if (!isSubscriptionEmail(email)) throw new AppError('EMAIL_FORMAT');
    try {
      await this.repository.insert({
        id: newId(),
        brand: ctx.brand.key,
        email: email.toLowerCase(),
        lang: ctx.lang,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
      throw error;
    }
  }
}
