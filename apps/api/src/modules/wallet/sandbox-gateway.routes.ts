/**
 * The sandbox payment gateway: a page where a person pays or cancels a gateway recharge without
 * real money. It stands outside the API like a real gateway would: it signs its notification with
 * the shared secret and delivers it to our notify endpoint through the HTTP stack, then sends the
 * payer back to the wallet. Real gateways plug in behind the same adapter (gateway.ts).
 */
import { formatMoney } from '@mall/contract';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../core/ids.ts';
import type { GatewayAdapter, GatewayNotification } from './gateway.ts';
import type { RechargeService } from './recharge.service.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:14px;box-shadow:0 8px 30px #0002;padding:28px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.2rem;margin:0 0 4px}p{color:#444}.amount{font-size:2rem;font-weight:700;margin:16px 0}
.note{background:#fff7e6;border:1px solid #f5c26b;border-radius:8px;padding:10px;font-size:.9rem}
form{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:12px;border-radius:10px;border:0;font:inherit;cursor:pointer}
.pay{background:#16a34a;color:#fff}.cancel{background:#e5e7eb}
</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxGatewayRoutes(
  app: FastifyInstance,
  recharges: RechargeService,
  gateway: GatewayAdapter,
): void {
  app.get<{ Params: { id: string } }>('/sandbox-gateway/pay/:id', async (request, reply) => {
    const payment = await recharges.gatewayPayment(request.params.id);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
    const amount = `${formatMoney(payment.amountClaimed)} ${payment.coin}`;
    const done = payment.status !== 'processing';
    return reply.send(
      page(
        'Sandbox payment gateway',
        `<h1>Sandbox payment gateway</h1><p>Payment ${escapeHtml(payment.serialNo)}</p>
<div class="amount">${escapeHtml(amount)}</div>
<p class="note">This is a test gateway: no real money moves. Paying here credits the wallet as a real gateway's confirmation would.</p>
${
  done
    ? `<p>This payment is already <strong>${escapeHtml(payment.status)}</strong>.</p>`
    : `<form method="post"><button class="pay" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button class="cancel" name="action" value="cancel">Cancel</button></form>`
}`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: { action?: string } }>(
    '/sandbox-gateway/pay/:id',
    async (request, reply) => {
      const payment = await recharges.gatewayPayment(request.params.id);
      if (payment?.status !== 'processing')
        return reply.redirect(`/sandbox-gateway/pay/${encodeURIComponent(request.params.id)}`, 303);
      const notification: GatewayNotification = {
        paymentId: payment.id,
        gatewayRef: `SBX-${newId()}`,
        status: request.body?.action === 'pay' ? 'paid' : 'failed',
        amount: formatMoney(payment.amountClaimed),
        coin: payment.coin,
      };
      // Delivered like a real gateway's server-to-server call, through the HTTP stack.
      await app.inject({
        method: 'POST',
        url: '/api/thirdPartyRecharge/notify/sandbox',
        payload: { ...notification, signature: gateway.sign(notification) },
      });
      return reply.redirect('/userInfo/money-package?index=1', 303);
    },
  );
}
