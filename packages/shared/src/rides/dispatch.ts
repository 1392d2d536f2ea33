import type { RideOfferView } from './views';

/**
 * Dispatch constants shared by the server (which enforces them) and the apps (which show them).
 * Our own numbers where the issue says "e.g.": they are what Uber and Bolt riders are used to.
 */
/** An offer waits this long for Accept or Decline, then passes to the next driver. */
export const OFFER_TIMEOUT_S = 15;
/** A ride still without a driver after this long ends as No driver found. */
export const DISPATCH_TIMEOUT_S = 120;
/** With no candidate left, dispatch waits this long for a driver to come online before giving up. */
export const DISPATCH_IDLE_GRACE_S = 10;
/** The search radius around the pickup widens in these steps. */
export const DISPATCH_RADII_M = [1000, 3000, 5000] as const;
/** A driver's location is taken at most once per this interval; extra frames are dropped. */
export const LOCATION_MIN_INTERVAL_MS = 1000;
/** Fixes less accurate than this are refused: a driver 2 km off would be offered the wrong rides. */
export const LOCATION_MAX_ACCURACY_M = 200;
/** Wrong PINs allowed per ride within the window before Start Ride is locked for the rest of it. */
export const PIN_MAX_FAILURES = 5;
export const PIN_WINDOW_S = 600;

/** One ride offered to one driver: the wire shape is `rideOfferSchema` (rides/views.ts). */
export type RideOffer = RideOfferView;

export type OfferClosedReason = 'accepted' | 'declined' | 'expired' | 'cancelled';
