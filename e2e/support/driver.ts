import { expect } from 'vitest';
import { openSocket } from '../../apps/server/test/socket-client';
import { type ApiUser, applyApi, reviewApi, signUpApi } from './accounts';
import type { E2EServer } from './fixtures';

type Point = { lat: number; lng: number };

/**
 * An approved driver, online on a socket at a point (usually a few hundred metres from the journey's pickup):
 * the API side of a browser journey whose subject is not the driver. `offered` waits for a ride's offer; `drive`
 * takes an offered ride to its end (accept, arrive, start with the PIN, complete), each step answered 200.
 */
export async function onlineDriverApi(server: E2EServer, admin: ApiUser, at: Point, opts: { full_name?: string; phone?: string } = {}) {
  const full_name = opts.full_name ?? 'Dana Driver';
  const driver = await signUpApi(server, { full_name, ...(opts.phone ? { phone: opts.phone } : {}) });
  const { id: driverId } = await applyApi(driver, { full_name, ...(opts.phone ? { phone: opts.phone } : {}) });
  await reviewApi(admin, driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(driver, server.url);
  socket.send({ type: 'location', lat: at.lat, lng: at.lng, accuracy: 10 });
  const offered = (rideId: string) =>
    socket.next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as { offer: { ride_id: string } }).offer.ride_id === rideId, 10_000);
  const step = async (rideId: string, verb: string, body: object = {}) => expect((await driver.post(`/api/rides/${rideId}/${verb}`, body)).status).toBe(200);
  return {
    driver,
    driverId,
    socket,
    offered,
    step,
    /** Offered, accepted, arrived, started with the PIN, completed. */
    async drive(ride: { id: string; pin: string }) {
      await offered(ride.id);
      for (const verb of ['accept', 'arrive']) await step(ride.id, verb);
      await step(ride.id, 'start', { pin: ride.pin });
      await step(ride.id, 'complete');
    },
  };
}

/** A point `metres` north of another (a driver waiting near a pickup). */
export const northOf = (p: Point, metres: number): Point => ({ lat: p.lat + metres / 111_195, lng: p.lng });
