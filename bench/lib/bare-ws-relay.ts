/**
 * The location bench's baseline: a bare `ws` relay. A driver socket's frames go to the rider socket of the
 * same pair through a Map — no authentication, no validation, no bus, no state. Run as its own process
 * (`node --import tsx bench/lib/bare-ws-relay.ts`); prints `listening <port>`.
 */
import { WebSocket, WebSocketServer } from 'ws';

const riders = new Map<string, WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 16 * 1024 });
wss.on('connection', (ws, req) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const id = url.searchParams.get('id') ?? '';
  if (url.searchParams.get('role') === 'rider') {
    riders.set(id, ws);
    ws.on('close', () => riders.delete(id));
    return;
  }
  ws.on('message', (data, isBinary) => {
    const rider = riders.get(id);
    if (rider && rider.readyState === WebSocket.OPEN) rider.send(data, { binary: isBinary });
  });
});
wss.on('listening', () => {
  const address = wss.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : address}`);
});
process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  wss.close(() => process.exit(0));
});
