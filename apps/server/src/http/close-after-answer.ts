import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';

/**
 * How long, and how much, a refused request's unread body is read and dropped after its answer (decision 0077).
 * An honest client sends the body it declared, then reads the answer: a browser reads nothing before its upload
 * is written, so the bytes are taken until the body ends or the client goes quiet, within these bounds.
 */
export const LINGER = { totalMs: 30_000, idleMs: 5_000, maxBytes: 256 * 1024 * 1024 };

/**
 * For an answer given before the request's body was touched (a 413 on the declared length, any refusal before
 * the upload is streamed; call it before answering): `Connection: close` on it, and, once it is written, a lingering close of the socket —
 * our side half-closed (the client has the whole answer), the rest of the body read and dropped until it ends
 * or a bound in `LINGER` passes, then the socket closed. Closing at once (Node's `destroySoon` for a
 * `Connection: close` answer, or the Node adapter's 500 ms drain) closes on bytes still arriving, and the
 * kernel answers them with a reset that reaches the client before it has read the answer (EPIPE, ECONNRESET).
 * No-op off Node's HTTP server (`app.request` in tests) or when the body was read to its end. Not for a body
 * the route has started to read: the adapter's web stream over the request holds it then (it pauses the
 * request while its queue is full), and the adapter's own drain stays in charge.
 */
export function closeAfterAnswer(c: Context, limits = LINGER): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket as (Socket & { destroySoon?: () => void }) | undefined;
  if (!incoming || !socket || incoming.readableEnded || socket.destroyed) return;
  c.header('Connection', 'close');
  let lingering = false;
  // Node (for an answer marked close) and the adapter (after its drain) both end the connection through
  // destroySoon: on this socket, that is the lingering close.
  socket.destroySoon = () => {
    if (lingering) return;
    lingering = true;
    let read = 0;
    let idle: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(total);
      clearTimeout(idle);
      incoming.off('data', onData);
      if (!socket.destroyed) socket.destroy();
    };
    const quiet = () => {
      clearTimeout(idle);
      idle = setTimeout(close, limits.idleMs).unref();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.maxBytes) close();
      else quiet();
    };
    const total = setTimeout(close, limits.totalMs).unref();
    quiet();
    // The body arrives through the HTTP parser as the request's data: read it, drop it.
    incoming.on('data', onData);
    incoming.once('end', () => setImmediate(close));
    incoming.once('error', close);
    socket.once('close', close);
    incoming.resume();
    socket.end();
  };
}
