// Load for the wallet bench: WORKERS requests in flight, each approving the next waiting deposit
// claim, for SECONDS. Prints {"perSecond": approvals answered code 0 per second, "p99": ms, "failed": n}.
import { readFileSync } from 'node:fs';
import { jsonClient } from './json-client.mjs';

const [base, file] = process.argv.slice(2);
const seconds = Number(process.env.SECONDS ?? 10);
const workers = Number(process.env.WORKERS ?? 32);
const { token, received, ids } = JSON.parse(readFileSync(file, 'utf8'));
const client = jsonClient(base, workers);
const approve = (id) =>
  client.post('/api/admin/wallet/recharge/approve?lang=en', token, {
    id,
    amountReceived: received,
    remark: 'bench',
  });

let next = 0;
let done = 0;
let failed = 0;
const latencies = [];
const end = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (Date.now() < end && next < ids.length) {
      const id = ids[next++];
      const started = performance.now();
      const reply = await approve(id);
      if (reply.code === 0) {
        done++;
        latencies.push(performance.now() - started);
      } else {
        failed++;
        if (failed < 3) console.error(JSON.stringify(reply));
      }
    }
  }),
);
if (next >= ids.length) console.error('wallet-load: ran out of claims; raise RECHARGES');
client.close();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    perSecond: done / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    failed,
  }),
);
