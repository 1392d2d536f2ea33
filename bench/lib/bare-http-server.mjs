// The baseline of area 1: a bare node:http server answering GET /api/health with the body and headers the
// app answers it with (passed in BARE_BODY / BARE_HEADERS, JSON). Run as its own process, as the app is.
import http from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '{"status":"ok"}');
const headers = { ...JSON.parse(process.env.BARE_HEADERS ?? '{}'), 'content-length': String(body.length) };

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/health') {
    res.writeHead(200, headers);
    res.end(body);
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not found"}');
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`BARE listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
