import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is `10.0.0.1`, so both spellings share one limit. */
const unmap = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The addresses a request passed through, nearest first: the socket's peer, then X-Forwarded-For read from
 * the right. Each proxy appends the address it received the request from, so the rightmost entries are the
 * ones our own proxies wrote; the leftmost ones are whatever the client chose to send.
 */
export function addressChain(socket: string, forwardedFor: string | undefined): string[] {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => unmap(entry.trim()))
    .filter(Boolean);
  return [unmap(socket), ...hops.reverse()];
}

/**
 * The client's position in the chain with `trustedHops` proxies in front of us (proxy-addr's rule for a hop
 * count): the socket peer and the next `trustedHops - 1` entries are our proxies, the one after them is the
 * client. A shorter chain (a request that came round the proxies) gives its farthest entry.
 */
export const clientIndex = (chain: string[], trustedHops: number) => Math.min(Math.max(0, trustedHops), chain.length - 1);

/**
 * The caller's address: the socket's peer, or with TRUST_PROXY=N the X-Forwarded-For entry the N-th proxy
 * appended (the rightmost for one proxy). Entries the client wrote itself are never taken, so a client cannot
 * pick a fresh address per request to escape per-address limits.
 */
export function clientIp(c: Context, trustedHops: number): string {
  const chain = addressChain(socketAddress(c), trustedHops > 0 ? c.req.header('x-forwarded-for') : undefined);
  return chain[clientIndex(chain, trustedHops)]!;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopback(address: string): boolean {
  const version = isIP(address);
  return version === 4 ? loopback.check(address, 'ipv4') : version === 6 ? loopback.check(address, 'ipv6') : false;
}

/** Headers a reverse proxy adds: their presence on a server told of no proxy means one sits in front unannounced. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * True when the request comes from this machine itself: the socket's peer is loopback and so is every address
 * from it to the client (the trusted proxies and the client they name). Without TRUST_PROXY a request carrying
 * proxy headers is not local either: a proxy on this machine that nobody declared would otherwise make every
 * visitor look like localhost.
 */
export function isLocalRequest(c: Context, trustedHops: number): boolean {
  if (trustedHops === 0 && PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const chain = addressChain(socketAddress(c), trustedHops > 0 ? c.req.header('x-forwarded-for') : undefined);
  return chain.slice(0, clientIndex(chain, trustedHops) + 1).every(isLoopback);
}
