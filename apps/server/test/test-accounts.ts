import net from 'node:net';
import type { TestClient } from './http-client';

/** A port nobody listens on, so that PUBLIC_URL (links in emails, trusted origin) is known before start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;
/** A 10-digit phone nobody else in this process has: sign-up refuses a phone another account holds. */
export const uniquePhone = () => `415${String(2_000_000 + ((process.pid * 1000 + counter++) % 8_000_000)).padStart(7, '0')}`;
/** A Spanish mobile number (+34 6xx xxx xxx, as typed in Spain) nobody else in this process has (decision 0094). */
export const uniqueSpanishPhone = () => `6${String(10_000_000 + ((process.pid * 1000 + counter++) % 89_999_999)).padStart(8, '0')}`;
export const GOOD_PASSWORD = 'Ride4Fun-Kx9q';

export async function signUp(client: TestClient, opts: { email?: string; password?: string; full_name?: string; phone?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const res = await client.post('/api/functions/auth-with-rate-limit', {
    action: 'signup',
    email,
    password: opts.password ?? GOOD_PASSWORD,
    options: { data: { full_name: opts.full_name ?? 'Test Rider', phone: opts.phone ?? uniquePhone() } },
  });
  return { ...res, email };
}

export function signIn(client: TestClient, email: string, password = GOOD_PASSWORD) {
  return client.post('/api/functions/auth-with-rate-limit', { action: 'signin', email, password });
}
