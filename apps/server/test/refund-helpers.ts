import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { newUser, nextOffer, north, type OnlineDriver, onlineDriver, UNION_SQUARE, FERRY_BUILDING } from './ride-actors';
import type { TestServer } from './test-server';

/**
 * Completed cash rides driven through the real API (request, offer, accept, arrive, start with the PIN,
 * complete), with one driver who waits at Union Square between rides: the refunds and payment-history suites.
 */
export async function rideFactory(server: TestServer, admin: TestClient, driverName = 'Refund Rhea') {
  let driver: OnlineDriver | undefined;
  const complete = async (rider: TestClient) => {
    driver ??= await onlineDriver(server, admin, north(UNION_SQUARE, 300), driverName);
    await driver.locate(north(UNION_SQUARE, 300));
    const booked = await rider.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const ride = booked.body.ride as { id: string; pin: string };
    await nextOffer(driver, ride.id);
    for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    return ride.id;
  };
  return {
    complete,
    driver: () => driver!,
    /** A new rider with one completed ride. */
    async riderWithRide(name = 'Rowan Refund') {
      const rider = await newUser(server, name);
      return { ...rider, rideId: await complete(rider.client) };
    },
    close: () => driver?.socket.close(),
  };
}
