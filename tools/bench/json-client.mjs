// The bench loaders' HTTP client: node:http on kept-alive sockets. fetch() cost a loader most of
// its core at 900 requests/s, so the loader measured itself rather than the mall.
import { Agent, request } from 'node:http';

/** A client of one base URL keeping up to `sockets` connections open; `close()` when done. */
export function jsonClient(base, sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const post = (path, token, payload) => {
    const body = JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const req = request(
        new URL(path, base),
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
  };
  return { post, close: () => agent.destroy() };
}
