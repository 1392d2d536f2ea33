import type { RideActor } from '@openride/shared/rides/ride-state';

/**
 * Who moves a ride, named explicitly in every transition verb: the kind is checked against the state
 * machine's table (`sourcesOf`), the user id scopes the rows they may touch. An operator's user id is the
 * admin acting; the system (dispatch, timers) has none.
 */
export type Actor = { kind: Exclude<RideActor, 'system'>; userId: string } | { kind: 'system'; userId: null };
export type DriverActor = { kind: 'driver'; userId: string };

export const SYSTEM: Actor = { kind: 'system', userId: null };
export const driverActor = (userId: string): DriverActor => ({ kind: 'driver', userId });
