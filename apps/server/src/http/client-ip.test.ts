import { describe, expect, it } from 'vitest';
import { addressChain, clientIndex, isLoopback } from './client-ip';

const client = (socket: string, xff: string | undefined, hops: number) => {
  const chain = addressChain(socket, hops > 0 ? xff : undefined);
  return chain[clientIndex(chain, hops)];
};

describe('the client address behind N proxies', () => {
  it('is the socket without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(client('10.0.0.9', '1.2.3.4', 0)).toBe('10.0.0.9');
  });

  it('is the entry the trusted proxy appended (the rightmost for one), never what the client wrote', () => {
    expect(client('127.0.0.1', '203.0.113.7', 1)).toBe('203.0.113.7');
    expect(client('127.0.0.1', '6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(client('127.0.0.1', '6.6.6.6,,  203.0.113.7 ', 1)).toBe('203.0.113.7');
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    expect(client('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
  });

  it('falls back to the farthest address when the chain is shorter than the hops', () => {
    expect(client('127.0.0.1', undefined, 1)).toBe('127.0.0.1');
    expect(client('127.0.0.1', '203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(client('::ffff:127.0.0.1', '::ffff:203.0.113.7', 1)).toBe('203.0.113.7');
    expect(addressChain('::ffff:127.0.0.1', undefined)).toEqual(['127.0.0.1']);
  });
});

describe('loopback', () => {
  it('is 127.0.0.0/8 and ::1 only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.1', '128.0.0.1', '::2', 'localhost', 'unknown', '', '127.0.0.1.evil']) expect(isLoopback(a), a).toBe(false);
  });
});
