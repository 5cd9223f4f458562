// What the bench scripts need around the servers they start: a free port, and waiting for one to answer.
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Resolves once `url` answers 2xx; a server under valgrind takes about 30 s to start. */
export async function waitUp(url, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not come up`);
}
