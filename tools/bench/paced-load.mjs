// An open-loop load at a steady rate, for "p99 at half the maximum rate" (`npm run bench`), where
// paced-load.c cannot be compiled (no C compiler): the C client adds less latency of its own.
// autocannon's rate limit lets each connection send its whole second's budget at once and then
// wait, so the server sees its full load in bursts and the tail measured is that of a saturated
// server. Here request i is due at start + i / rate, whatever became of the earlier ones, and its
// latency counts from when it was due: a server (or this client) falling behind shows up in the
// numbers instead of hiding (no coordinated omission).
// Usage: node paced-load.mjs <host> <port> <request file> <rate/s> <seconds>, as paced-load.c; the
// request file holds the whole HTTP/1.1 request as sent (load.mjs writes it).
// Prints {"rps": answered per second, "p99": ms, "sent": n, "failed": n}.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const [host, portText, requestPath, rateText, secondsText] = process.argv.slice(2);
const rate = Number(rateText);
const seconds = Number(secondsText);
const CONNECTIONS = 64;

// Raw keep-alive sockets and a minimal HTTP/1.1 reader (our servers always send content-length):
// node:http's client costs so much per request that it, not the server, set the tail at 3,000/s.
const wire = readFileSync(requestPath);

const latencies = [];
let measureFrom = Number.POSITIVE_INFINITY;
let failed = 0;
let outstanding = 0;
/** Due times of requests waiting for a free connection, oldest first. */
const waiting = [];
const idle = [];

function connection() {
  const socket = net.connect({ host, port: Number(portText), noDelay: true });
  // Header bytes of the answer being read, then how many body bytes are still to come.
  let header = '';
  let bodyLeft = -1;
  let status = 0;
  let dueAt = 0;
  const self = {
    send(due) {
      dueAt = due;
      socket.write(wire);
    },
  };
  socket.on('connect', () => next(self));
  socket.on('data', (chunk) => {
    let rest = chunk;
    if (bodyLeft < 0) {
      header += chunk.toString('latin1');
      const end = header.indexOf('\r\n\r\n');
      if (end < 0) return;
      status = Number(header.slice(9, 12));
      bodyLeft = Number(/content-length:\s*(\d+)/i.exec(header.slice(0, end))?.[1] ?? 0);
      rest = chunk.subarray(chunk.length - (header.length - end - 4));
      header = '';
    }
    bodyLeft -= rest.length;
    if (bodyLeft > 0) return;
    bodyLeft = -1;
    outstanding--;
    if (status >= 200 && status < 400) {
      if (dueAt >= measureFrom) latencies.push(performance.now() - dueAt);
    } else failed++;
    next(self);
  });
  socket.on('error', () => {
    failed++;
  });
  return socket;
}

function next(conn) {
  const due = waiting.shift();
  if (due === undefined) idle.push(conn);
  else conn.send(due);
}

function send(dueAt) {
  outstanding++;
  const conn = idle.pop();
  if (conn) conn.send(dueAt);
  else waiting.push(dueAt);
}

const sockets = Array.from({ length: CONNECTIONS }, connection);
await new Promise((resolve) => setTimeout(resolve, 200));

const start = performance.now();
// The first second runs at the same rate unmeasured: this client's own code is not compiled yet.
const WARMUP_S = 1;
measureFrom = start + WARMUP_S * 1000;
const total = Math.round(rate * (seconds + WARMUP_S));
let sent = 0;
// A 1 ms tick sends everything that has fallen due; timers cannot wake more often than that.
await new Promise((resolve) => {
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    while (sent < due) send(start + (sent++ * 1000) / rate);
    if (sent < total) setTimeout(tick, 1);
    else resolve();
  };
  tick();
});
const deadline = performance.now() + 10_000;
while (outstanding > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
for (const socket of sockets) socket.destroy();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    rps: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
    sent,
    failed: failed + outstanding,
  }),
);
