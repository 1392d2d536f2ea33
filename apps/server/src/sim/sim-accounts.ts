import { demoDriverProfile, demoDriverSeats } from '../demo/demo-accounts';
import { errorText, HttpSession } from './http-session';

/** The server refused a sign-up or sign-in for too many from this address (429): the run goes on with fewer. */
export class RateLimitedError extends Error {}

export type AccountOptions = {
  url: string;
  origin?: string;
  /** X-Forwarded-For for this account's sign-in/up (opt-in; honoured only by servers with TRUST_PROXY). */
  forwardedFor?: string;
};

/**
 * Sign in, or sign up when `mayExist` is false or the sign-in finds no such account. Sign-ups need a
 * phone nobody else has: on a conflict the next candidate of `phones` is tried.
 */
export async function signInOrUp(
  opts: AccountOptions & { email: string; password: string; fullName: string; phones: () => string; mayExist: boolean },
): Promise<{ session: HttpSession; created: boolean }> {
  const session = new HttpSession(opts.url, { origin: opts.origin, forwardedFor: opts.forwardedFor });
  if (opts.mayExist) {
    const res = await session.signIn(opts.email, opts.password);
    if (res.status === 200) return { session, created: false };
    if (res.status === 429) throw new RateLimitedError(`sign-in of ${opts.email}: ${errorText(res)}`);
    if (res.body?.error?.code !== 'invalid_credentials') throw new Error(`sign-in of ${opts.email}: ${res.status} ${errorText(res)}`);
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    const res = await session.post('/api/functions/auth-with-rate-limit', {
      action: 'signup',
      email: opts.email,
      password: opts.password,
      options: { data: { full_name: opts.fullName, phone: opts.phones() } },
    });
    if (res.status === 200) return { session, created: true };
    if (res.status === 429) throw new RateLimitedError(`sign-up of ${opts.email}: ${errorText(res)}`);
    if (res.status === 409) continue; // phone taken: another number
    if (res.status === 422) {
      // It existed after all (we guessed it did not): sign in.
      const again = await session.signIn(opts.email, opts.password);
      if (again.status === 200) return { session, created: false };
      throw new Error(`${opts.email} exists with another password`);
    }
    throw new Error(`sign-up of ${opts.email}: ${res.status} ${errorText(res)}`);
  }
  throw new Error(`no free phone number found for ${opts.email}`);
}

/** The caller's newest driver record: id and statuses, or null. */
export async function myDriver(session: HttpSession): Promise<{ id: string; status: string; verification_status: string } | null> {
  const res = await session.get('/api/drivers/me');
  return res.status === 200 ? (res.body.driver ?? null) : null;
}

/**
 * Make the signed-in account an approved driver: apply (with a plausible car) when it has no live
 * application, then have the admin approve it through the admin API.
 */
export async function ensureApprovedDriver(session: HttpSession, n: number, admin: () => Promise<HttpSession>): Promise<string> {
  let driver = await myDriver(session);
  if (!driver || driver.verification_status === 'rejected') {
    const { email: _email, ...application } = demoDriverProfile(n);
    const res = await session.post('/api/drivers', {
      ...application,
      full_name: `Sim ${application.full_name}`,
      phone: application.phone.replace(/^415555/, '415556'),
    });
    if (res.status !== 201) throw new Error(`driver application refused: ${res.status} ${errorText(res)}`);
    driver = res.body.driver;
  }
  if (driver!.verification_status !== 'approved') {
    const res = await (await admin()).post(`/api/admin/drivers/${driver!.id}/verification`, { status: 'approved' });
    if (res.status !== 200) throw new Error(`approval by the admin refused: ${res.status} ${errorText(res)}`);
  }
  await ensureDemoVehicle(session, n, admin);
  return driver!.id;
}

/**
 * The simulated driver's car carries the demo's seats (some XL, decision 0046): the application's car has 4,
 * so the seats are edited through /vehicles, which sends it back to verification, and the admin verifies it.
 */
async function ensureDemoVehicle(session: HttpSession, n: number, admin: () => Promise<HttpSession>) {
  const seats = demoDriverSeats(n);
  const list = await session.get('/api/vehicles');
  if (list.status !== 200) throw new Error(`vehicles: ${list.status} ${errorText(list)}`);
  const active = (
    list.body.vehicles as Array<{
      id: string;
      make: string;
      model: string;
      year: number;
      color: string;
      license_plate: string;
      seats: number;
      status: string;
      active: boolean;
    }>
  ).find((v) => v.active);
  if (!active) return;
  let status = active.status;
  if (active.seats !== seats) {
    const { make, model, year, color, license_plate } = active;
    const res = await session.patch(`/api/vehicles/${active.id}`, { make, model, year, color, license_plate, seats });
    if (res.status !== 200) throw new Error(`vehicle edit refused: ${res.status} ${errorText(res)}`);
    status = res.body.vehicle.status;
  }
  if (status === 'pending') {
    const res = await (await admin()).post(`/api/admin/vehicles/${active.id}/review`, { status: 'verified' });
    if (res.status !== 200) throw new Error(`vehicle verification refused: ${res.status} ${errorText(res)}`);
  }
}
