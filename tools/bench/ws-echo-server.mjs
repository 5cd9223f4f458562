// The chat bench's reference: a bare `ws` echo server (every text frame sent straight back), with
// the settings the mall's socket uses (no per-message deflate, no client tracking).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false, clientTracking: false });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
  ws.on('error', () => undefined);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
