import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToExit } from './spawn-server';
import { GOOD_PASSWORD, startTestServer, type TestServer } from './test-server';

const SIMULATE = path.resolve(import.meta.dirname, '../src/cli/simulate.ts');
const ADMIN = { email: 'boss@example.test', password: GOOD_PASSWORD };
/** "N completed (R/min)": rides the simulated drivers completed (the riders' own count reads differently). */
const DRIVER_COMPLETED = /(\d+) completed \([\d.]+\/min\)/;

/** The figure after `label` in the simulator's final line, e.g. "(\d+) completed". */
const figure = (output: string, pattern: RegExp) => {
  const final = output.split('\n').find((l) => l.includes('final, over')) ?? '';
  const m = pattern.exec(final);
  return m ? Number(m[1]) : NaN;
};

describe('npm run simulate (standalone, against a server without the demo)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY so that --vary-address gives each new account an address of its own.
    server = await startTestServer({ TRUST_PROXY: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => server?.stop());

  it('signs up drivers, has the admin approve them, books rides with simulated riders and completes some', async () => {
    const { code, output } = await runToExit(SIMULATE, {}, [
      '--url',
      server.url,
      '--drivers',
      '3',
      '--riders',
      '3',
      '--speed',
      '60',
      '--duration',
      '40',
      '--ride-gap',
      '5',
      '--admin-email',
      ADMIN.email,
      '--admin-password',
      ADMIN.password,
      '--vary-address',
    ]);
    expect(code, output).toBe(0);
    console.log(
      output
        .split('\n')
        .filter((l) => l.includes('final, over') || l.includes('setup took'))
        .join('\n'),
    );
    expect(output).toContain('3 drivers online, 3 riders booking');
    expect(output).toMatch(/drivers connected 3 \(peak 3\)/);
    // The periodic figures (every 10 s), then the final ones.
    expect(output.split('\n').filter((l) => l.includes('location frames') || l.includes('| frames ')).length).toBeGreaterThanOrEqual(4);
    expect(figure(output, DRIVER_COMPLETED)).toBeGreaterThanOrEqual(1);
    expect(figure(output, /errors (\d+)/)).toBe(0);
    // The riders saw those rides end (only simulated drivers serve here; a rider polls about once a second,
    // so one completed just before the stop may not have been seen yet).
    const seenByRiders = figure(output, /\((\d+) completed for the riders\)/);
    expect(seenByRiders).toBeGreaterThanOrEqual(1);
    expect(seenByRiders).toBeLessThanOrEqual(figure(output, DRIVER_COMPLETED));
    expect(output).toMatch(/accept p50 \d+ ms p95 \d+ ms/);
    expect(output).toMatch(/complete p50 \d+ ms p95 \d+ ms/);

    // What the server recorded agrees: approved simulator drivers, completed rides driven by them.
    const db = server.services.db;
    const drivers = await db
      .selectFrom('drivers')
      .innerJoin('user', 'user.id', 'drivers.user_id')
      .select(['drivers.id', 'drivers.verification_status', 'drivers.status', 'drivers.reviewed_by'])
      .where('user.email', 'like', 'simdriver%')
      .execute();
    expect(drivers).toHaveLength(3);
    for (const d of drivers) {
      expect(d.verification_status).toBe('approved');
      expect(d.reviewed_by).toBeTruthy();
      expect(d.status).toBe('offline'); // stopped cleanly: offline again
    }
    const completed = await db.selectFrom('rides').select(['id', 'driver_id']).where('status', '=', 'completed').execute();
    const endedAtStop = figure(output, /(\d+) ended at stop/) || 0;
    expect(completed.length).toBe(figure(output, DRIVER_COMPLETED) + endedAtStop);
    expect(completed.every((r) => drivers.some((d) => d.id === r.driver_id))).toBe(true);
    // Riders book the types their quote says have a car near (decision 0046): none of these three cars seats
    // six, so no XL; a Comfort ride went to a car that qualifies for it.
    const booked = await db
      .selectFrom('rides')
      .leftJoin('vehicles', (j) => j.onRef('vehicles.driver_id', '=', 'rides.driver_id').on('vehicles.active', '=', true))
      .select(['rides.ride_type', 'rides.driver_id', 'vehicles.year', 'vehicles.seats'])
      .execute();
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.filter((r) => r.ride_type === 'xl')).toEqual([]);
    for (const r of booked.filter((r) => r.ride_type === 'comfort' && r.driver_id)) expect(r.year! >= 2019 && r.seats! >= 4, JSON.stringify(r)).toBe(true);
    // A clean stop leaves no ride hanging: trips under way were ended, rides waiting were cancelled.
    const active = await db.selectFrom('rides').select('status').where('status', 'in', ['requested', 'accepted', 'arrived', 'in_progress']).execute();
    expect(active).toEqual([]);
  }, 150_000);
});

describe('npm run simulate and the sign-up limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('says so when the server refuses more sign-ups from this address, and goes on with the accounts it got', async () => {
    const { code, output } = await runToExit(SIMULATE, {}, ['--url', server.url, '--drivers', '0', '--riders', '22', '--duration', '2']);
    expect(code, output).toBe(0);
    expect(output).toContain("the server's sign-up limit stopped new accounts");
    // 20 sign-ups per address per hour (AUTH_LIMITS.signupPerIp).
    expect(output).toContain('0 drivers online, 20 riders booking');
  }, 90_000);
});
