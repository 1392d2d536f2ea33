import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, newUser } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';

let server: TestServer;
let admin: TestClient;

/** A second city, named after 'sf' so San Francisco stays the first city (the fallback of a driver's city). */
const OTHER = 'zz-video';

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  await server.services.db.insertInto('cities').values({ id: OTHER, name: 'Zedville', currency: 'EUR', center_lat: 48.1, center_lng: 11.5 }).execute();
});
afterAll(() => server?.stop());

const DAY = 86_400_000;

/** A past ride written straight into the database (history cannot be made through the API in the past). */
async function pastRide(cityId: string, riderId: string, driverId: string, daysAgo: number, status: 'completed' | 'cancelled', stars?: number) {
  const { db } = server.services;
  const at = new Date(Date.now() - daysAgo * DAY);
  const ride = await db
    .insertInto('rides')
    .values({
      city_id: cityId,
      rider_id: riderId,
      driver_id: driverId,
      ride_type: 'economy',
      status,
      pickup_lat: 37.79,
      pickup_lng: -122.4,
      dropoff_lat: 37.77,
      dropoff_lng: -122.45,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: 1500,
      currency: 'USD',
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: at,
      accepted_at: at,
      completed_at: status === 'completed' ? new Date(at.getTime() + 900_000) : null,
      cancelled_at: status === 'cancelled' ? at : null,
      cancelled_by: status === 'cancelled' ? 'rider' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (stars !== undefined) {
    const driverUser = await db.selectFrom('drivers').select('user_id').where('id', '=', driverId).executeTakeFirstOrThrow();
    await db
      .insertInto('ride_ratings')
      .values({ ride_id: ride.id, rater_role: 'rider', rater_id: riderId, ratee_id: driverUser.user_id, stars, comment: null })
      .execute();
  }
}

const figures = (client: TestClient, city: string) => client.get(`/api/admin/video-figures?city=${encodeURIComponent(city)}`);

describe('GET /api/admin/video-figures', () => {
  it("answers a city's live figures: approved drivers of the city, completed rides (all and recent), the riders' rating, from prices", async () => {
    const empty = await figures(admin, 'sf');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      city: { id: 'sf', name: 'San Francisco', currency: 'USD' },
      drivers: 0,
      rides_completed: 0,
      rides_completed_recent: 0,
      rating: null,
      ratings: 0,
      recent_days: 30,
    });
    // The public /pricing figure: minimum + booking fee of the version in force (migration 0004's Economy: 800 + 250).
    const publicPricing = (await server.client().get('/api/public/pricing/sf')).body;
    expect(empty.body.ride_types).toEqual(
      publicPricing.ride_types.map((t: { ride_type: string; name: string; from_cents: number }) => ({
        ride_type: t.ride_type,
        name: t.name,
        from_cents: t.from_cents,
      })),
    );
    expect(empty.body.ride_types.map((t: { ride_type: string }) => t.ride_type)).toEqual(['economy', 'comfort', 'xl']);

    const rider = await newUser(server, 'Vida Rider');
    const here = await approvedDriverOf(server, admin, 'Sam Francis');
    const there = await approvedDriverOf(server, admin, 'Zed Driver');
    // An applicant not approved and a suspended driver do not count.
    const applicant = await newUser(server, 'Pat Pending');
    expect(
      (
        await applicant.client.post('/api/drivers', {
          full_name: 'Pat Pending',
          phone: uniquePhone(),
          license_number: 'D7654321',
          vehicle_make: 'Kia',
          vehicle_model: 'Niro',
          vehicle_year: 2022,
          vehicle_color: 'White',
          license_plate: '8PND001',
        })
      ).status,
    ).toBe(201);
    const suspended = await approvedDriverOf(server, admin, 'Sue Spended');
    await server.services.db.updateTable('drivers').set({ suspended_at: new Date() }).where('id', '=', suspended.driverId).execute();

    await pastRide('sf', rider.id, here.driverId, 40, 'completed', 5);
    await pastRide('sf', rider.id, here.driverId, 2, 'completed', 4);
    await pastRide('sf', rider.id, here.driverId, 1, 'cancelled');
    // The other driver's city is the other one (a driver's city is explicit, decision 0074; Zedville has no service
    // area to apply in, so it is set here): they count there, and their ride's rating stays there.
    await server.services.db.updateTable('drivers').set({ city_id: OTHER }).where('id', '=', there.driverId).execute();
    await pastRide(OTHER, rider.id, there.driverId, 3, 'completed', 1);

    const sf = await figures(admin, 'sf');
    expect(sf.status).toBe(200);
    expect(sf.body).toMatchObject({ drivers: 1, rides_completed: 2, rides_completed_recent: 1, rating: 4.5, ratings: 2 });

    const zz = await figures(admin, OTHER);
    expect(zz.status).toBe(200);
    expect(zz.body).toMatchObject({
      city: { id: OTHER, name: 'Zedville', currency: 'EUR' },
      drivers: 1,
      rides_completed: 1,
      rides_completed_recent: 1,
      rating: 1,
      ride_types: [],
    });
  });

  it('refuses a missing city with a clear 400 and an unknown one with 404', async () => {
    const missing = await admin.get('/api/admin/video-figures');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Choose a city');
    expect((await figures(admin, 'atlantis')).status).toBe(404);
  });

  it('refuses a rider (403), a driver (403) and a visitor (401)', async () => {
    const rider = await newUser(server, 'Nosy Rider');
    const driver = await approvedDriverOf(server, admin, 'Nosy Driver');
    expect((await figures(rider.client, 'sf')).status).toBe(403);
    expect((await figures(driver.client, 'sf')).status).toBe(403);
    expect((await figures(server.client(), 'sf')).status).toBe(401);
  });
});
