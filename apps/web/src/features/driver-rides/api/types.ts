import type { RideStatus } from '@openride/shared/rides/ride-state';
import type { Place, RideType } from '@openride/shared/rides/schemas';

/** docs/api.md `ride`, as its assigned driver reads it (never the PIN). */
export type DriverRide = {
  id: string;
  status: RideStatus;
  status_label: string;
  ride_type: RideType;
  pickup: Place;
  destination: Place;
  distance_m: number;
  duration_s: number;
  fare_cents: number;
  currency: string;
  payment_method: 'cash';
  requested_at: string;
  accepted_at: string | null;
  arrived_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  cancelled_by: 'rider' | 'driver' | 'system' | null;
  cancel_reason: string | null;
  driver?: { id: string; name: string } | null;
  rider?: { name: string | null; phone: string | null } | null;
  driver_location?: { lat: number; lng: number; heading: number | null; at: string } | null;
  my_rating?: { stars: number; comment: string | null } | null;
};

/** docs/api.md `offer`: one ride offered to one driver for `timeout_s` seconds. */
export type RideOffer = {
  id: string;
  ride_id: string;
  ride_type: RideType;
  pickup: Place;
  destination: Place;
  distance_m: number;
  duration_s: number;
  pickup_distance_m: number;
  pickup_eta_s: number;
  fare_cents: number;
  currency: string;
  expires_at: string;
  timeout_s: number;
};

export const rideKey = (rideId: string) => ['rides', rideId] as const;
export const activeRideKey = ['rides', 'active'] as const;
export const offerKey = ['driver', 'offer'] as const;
