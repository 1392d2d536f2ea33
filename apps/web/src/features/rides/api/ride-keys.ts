import { queryKeys } from '@/lib/query-keys';

type Point = { lat: number; lng: number };

/**
 * Query keys of the ride screens, the rider's and the driver's: one key per endpoint, so both halves read
 * and update the same cache entry. 'rides' first so one invalidation refreshes them all.
 */
export const rideKeys = {
  all: ['rides'] as const,
  /** GET /api/rides/active: the caller's ride that has not ended, as its rider or as its driver. */
  active: ['rides', 'active'] as const,
  history: ['rides', 'history'] as const,
  /** GET /api/rides/:id, for its rider and for its driver. */
  ride: (id: string) => ['rides', 'ride', id] as const,
  receipt: (id: string) => ['rides', 'receipt', id] as const,
  messages: (id: string) => ['rides', 'messages', id] as const,
  quote: (key: string) => ['rides', 'quote', key] as const,
  /** Every quote: a cancel or a booking changes the owed fee each one shows. */
  quotes: ['rides', 'quote'] as const,
  /** The driver's way by road between two points (rounded, so a GPS jitter does not ask again). */
  route: (from: Point | null, to: Point | null) => ['rides', 'route', from?.lat, from?.lng, to?.lat, to?.lng] as const,
  shared: (token: string) => ['share', token] as const,
  /**
   * GET /api/drivers/me/offer, under the driver key on purpose: 'driver.changed' (the realtime bridge) and
   * signing out (which forgets the driver's data) reach the open offer too.
   */
  offer: [...queryKeys.driver, 'offer'] as const,
};
