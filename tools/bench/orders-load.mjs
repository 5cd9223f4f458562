// Load for the orders bench: WORKERS buyers in parallel, each submitting an order and paying it
// from the wallet (two calls, the fund password checked), again and again for SECONDS.
// Prints {"perSecond": orders paid per second, "p99": ms for submit + pay, "failed": n}.
import { readFileSync } from 'node:fs';
import { jsonClient } from './json-client.mjs';

const [base, buyersFile] = process.argv.slice(2);
const seconds = Number(process.env.SECONDS ?? 10);
const { fundPassword, buyers } = JSON.parse(readFileSync(buyersFile, 'utf8'));
const client = jsonClient(base, buyers.length);
const post = (path, token, body) => client.post(`${path}?lang=en`, token, body);

let paid = 0;
let failed = 0;
const latencies = [];
const end = Date.now() + seconds * 1000;
let serial = 0;
await Promise.all(
  buyers.map(async (b) => {
    while (Date.now() < end) {
      const started = performance.now();
      const submitted = await post('/api/order/submit', b.token, {
        addressId: b.addressId,
        items: [{ sellerGoodsId: b.goodsId, count: 1 }],
        submitKey: `bench-${process.pid}-${serial++}-${Math.random().toString(36).slice(2)}`,
      });
      if (submitted.code !== 0) {
        failed++;
        continue;
      }
      const payReply = await post('/api/pay/order', b.token, {
        orderIds: [submitted.data.orders[0].id],
        payMethod: 'balance',
        fundPassword,
      });
      if (payReply.code === 0) {
        paid++;
        latencies.push(performance.now() - started);
      } else {
        failed++;
        if (failed < 3) console.error(JSON.stringify(payReply));
      }
    }
  }),
);
client.close();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    perSecond: paid / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    failed,
  }),
);
