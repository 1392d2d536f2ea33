import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './same-origin';

describe('isSameOrigin', () => {
  it('accepts a page served at the address the request went to', () => {
    expect(isSameOrigin('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(true);
    expect(isSameOrigin('http://192.168.1.20:3000', '192.168.1.20:3000')).toBe(true);
    expect(isSameOrigin('https://ride.example.com', 'Ride.Example.com')).toBe(true);
    expect(isSameOrigin('http://[::1]:3000', '[::1]:3000')).toBe(true);
  });

  it('refuses another host, another port, a missing header or a malformed origin', () => {
    expect(isSameOrigin('https://evil.example', '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3001', '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin('http://localhost:3000', '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin(undefined, '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3000', undefined)).toBe(false);
    expect(isSameOrigin('null', '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin('file:///x', '127.0.0.1:3000')).toBe(false);
  });
});
