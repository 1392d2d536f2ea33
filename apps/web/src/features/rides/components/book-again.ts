import type { Place } from '@openride/shared/rides/schemas';
import type { RideView as Ride } from '@openride/shared/rides/views';

/** The router state "Book again" carries to /book-ride: the last trip's places, to start from (issue 17 §10). */
export type BookAgainState = { again: { pickup: Place; destination: Place } };

export function bookAgainState(ride: Pick<Ride, 'pickup' | 'destination'>): BookAgainState {
  const place = (p: Ride['pickup']): Place => ({ lat: p.lat, lng: p.lng, ...(p.label ? { label: p.label } : {}) });
  return { again: { pickup: place(ride.pickup), destination: place(ride.destination) } };
}

export function readBookAgain(state: unknown): BookAgainState['again'] | null {
  const again = (state as Partial<BookAgainState> | null)?.again;
  return again && typeof again.pickup?.lat === 'number' && typeof again.destination?.lat === 'number' ? again : null;
}
