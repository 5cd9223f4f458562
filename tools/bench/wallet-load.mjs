// Load for the wallet bench: WORKERS requests in flight, each approving the next waiting deposit
// claim, for SECONDS. Prints {"perSecond": approvals answered code 0 per second, "p99": ms, "failed": n}.
// node:http on kept-alive sockets: fetch() cost this generator most of its core at 900 requests/s,
// so it measured itself, not the mall.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [base, file] = process.argv.slice(2);
const seconds = Number(process.env.SECONDS ?? 10);
const workers = Number(process.env.WORKERS ?? 32);
const { token, received, ids } = JSON.parse(readFileSync(file, 'utf8'));

const agent = new Agent({ keepAlive: true, maxSockets: workers });
const url = new URL('/api/admin/wallet/recharge/approve?lang=en', base);

function approve(id) {
  const body = JSON.stringify({ id, amountReceived: received, remark: 'bench' });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

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
agent.destroy();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    perSecond: done / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    failed,
  }),
);
