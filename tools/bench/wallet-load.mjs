// Load for the wallet bench: WORKERS requests in flight, each approving the next waiting deposit
// claim, for SECONDS or until the claims run out. Prints {"perSecond": approvals answered code 0 per
// second of the time it ran, "p99": ms, "failed": n, "ranOut": whether the claims ran out first}.
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
const started = performance.now();
const end = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (Date.now() < end && next < ids.length) {
      const id = ids[next++];
      const sent = performance.now();
      const reply = await approve(id);
      if (reply.code === 0) {
        done++;
        latencies.push(performance.now() - sent);
      } else {
        failed++;
        if (failed < 3) console.error(JSON.stringify(reply));
      }
    }
  }),
);
// Divided by the time it really ran: a run that ran out of claims early is still a true rate (it
// was once divided by the full SECONDS, and read exactly the claims' count over it: 6,000/s).
const elapsedSeconds = (performance.now() - started) / 1000;
const ranOut = next >= ids.length;
if (ranOut)
  console.error(`wallet-load: ran out of claims after ${elapsedSeconds.toFixed(1)} s; raise RECHARGES`);
client.close();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    perSecond: done / elapsedSeconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    failed,
    ranOut,
  }),
);
