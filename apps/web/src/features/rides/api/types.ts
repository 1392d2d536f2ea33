import type { RideStatus } from '@openride/shared/rides/ride-state';
import type { Place, RideType } from '@openride/shared/rides/schemas';

/**
 * docs/api.md "Rides": the shapes the rider's and the driver's screens read (the server sends one ride view
 * to both, the PIN and share link to the rider only). Optional where the server fills them in later slices.
 */
export type RidePlace = { lat: number; lng: number; label?: string | null };

export type RideDriver = {
  id: string;
  name: string;
  /** Masked: ***-***-1234. */
  phone: string | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  vehicle_color: string | null;
  license_plate: string | null;
};

export type DriverLocation = { lat: number; lng: number; heading: number | null; at: string };

export type Ride = {
  id: string;
  status: RideStatus;
  status_label: string;
  ride_type: RideType;
  pickup: RidePlace;
  destination: RidePlace;
  distance_m: number;
  duration_s: number;
  fare_cents: number;
  currency: string;
  payment_method: 'cash';
  requested_at: string;
  accepted_at?: string | null;
  arrived_at?: string | null;
  started_at?: string | null;
  completed_at?: string | null;
  cancelled_at?: string | null;
  cancelled_by?: 'rider' | 'driver' | 'system' | 'operator' | null;
  cancel_reason?: string | null;
  updated_at: string;
  driver_id?: string | null;
  driver?: RideDriver | null;
  /** The rider as their driver reads them: first name and masked phone. */
  rider?: { name: string | null; phone: string | null } | null;
  driver_location?: DriverLocation | null;
  my_rating?: { stars: number; comment: string | null } | null;
  /** Whose view this is: GET /api/rides/active answers a driver with the ride they drive. */
  viewer?: 'rider' | 'driver';
  /** The rider's view only. */
  pin?: string;
  share_token?: string;
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

export type QuoteOption = { ride_type: RideType; name: string; seats: number; fare_cents: number; pickup_eta_s: number | null };

export type Quote = {
  city: { id: string; name: string };
  currency: string;
  distance_m: number;
  duration_s: number;
  route?: [number, number][];
  options: QuoteOption[];
};

export type Receipt = {
  ride_id: string;
  fare_cents: number;
  currency: string;
  lines: { label: string; amount_cents: number }[];
  distance_m: number;
  duration_s: number;
  started_at: string | null;
  completed_at: string | null;
  payment_method: 'cash';
  path: [number, number][];
};

export type SharedRide = {
  status: RideStatus;
  status_label: string;
  ride_type: RideType;
  pickup?: RidePlace | null;
  destination?: RidePlace | null;
  /** Older servers sent labels only. */
  pickup_label?: string | null;
  dropoff_label?: string | null;
  driver: { first_name: string; vehicle: string } | null;
  driver_location?: DriverLocation | null;
  eta_s?: number | null;
};

/** 'driver.location' on ride:{id}. */
export type DriverLocationEvent = { ride_id: string; lat: number; lng: number; heading: number | null; at: string; eta_s: number | null };
