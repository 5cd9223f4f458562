/**
 * Third-party payment gateways behind one adapter. A gateway tells us a payment succeeded by a
 * notification signed with HMAC-SHA256 over a canonical string and a shared secret; an unsigned or
 * wrongly signed notification is refused and changes nothing. The sandbox gateway stands in for the
 * real ones in tests and the demo: its page lets a person pay or cancel, and it signs and delivers
 * the notification exactly as a real gateway would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface GatewayNotification {
  /** Our payment id (the recharge request id). */
  paymentId: string;
  /** The gateway's own reference for the payment. */
  gatewayRef: string;
  status: 'paid' | 'failed';
  /** Decimal string in the payment's coin. */
  amount: string;
  coin: string;
}

export interface GatewayAdapter {
  readonly name: string;
  /** Where the payer goes to pay. */
  payUrl(paymentId: string): string;
  /** True only for a notification signed with this gateway's secret. */
  verify(notification: GatewayNotification, signature: string): boolean;
  sign(notification: GatewayNotification): string;
}

/** The canonical string that is signed: fields in a fixed order, joined by newlines. */
export function canonical(n: GatewayNotification): string {
  return [n.paymentId, n.gatewayRef, n.status, n.amount, n.coin].join('\n');
}

export function hmacGateway(name: string, secret: string, payUrlBase: string): GatewayAdapter {
  const sign = (n: GatewayNotification) => createHmac('sha256', secret).update(canonical(n)).digest('hex');
  return {
    name,
    payUrl: (paymentId) => `${payUrlBase}/${encodeURIComponent(paymentId)}`,
    sign,
    verify(n, signature) {
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(n), 'hex'), Buffer.from(signature, 'hex'));
    },
  };
}

/** Production has no sandbox: no payment page, and no notification is ever accepted. */
export const closedGateway: GatewayAdapter = {
  name: 'none',
  payUrl: () => {
    throw new Error('no payment gateway is configured');
  },
  sign: () => {
    throw new Error('no payment gateway is configured');
  },
  verify: () => false,
};
