import { z } from 'zod';
import { cancelTermsSchema, rideCancellationFeeSchema } from '../cancellation/views';
import { timestampSchema } from '../contract';
import { RIDE_ACTORS, RIDE_STATUSES } from './ride-state';
import { PAYMENT_METHODS, RIDE_TYPES } from './schemas';

/**
 * What the server answers about rides (decision 0017). The server builds these shapes in
 * apps/server/src/rides/rides.repo.ts (`toRideView`, `rideViews`), dispatch's `offerView`, `rideReceipt`,
 * `getSharedRide` and `quoteFares`; the API tests validate every answer against them.
 */
export const rideStatusSchema = z.enum(RIDE_STATUSES);
export const rideTypeViewSchema = z.enum(RIDE_TYPES);
/** How a ride is paid, as read back: a rider's method, or 'business' (the company pays; decision 0066). */
export const paymentMethodSchema = z.enum([...PAYMENT_METHODS, 'business']);

/** One end of a ride: WGS84, with the label the rider picked (null when they dropped a pin). */
export const ridePlaceSchema = z.strictObject({ lat: z.number(), lng: z.number(), label: z.string().nullable() });
export type RidePlace = z.infer<typeof ridePlaceSchema>;

/** The driver's last known position: live from the socket, else the newest breadcrumb. */
export const driverFixSchema = z.strictObject({ lat: z.number(), lng: z.number(), heading: z.number().nullable(), at: timestampSchema });
export type DriverFix = z.infer<typeof driverFixSchema>;

/** The driver as the ride's other party reads them: a rider gets the first name only, every phone is masked. */
export const rideDriverSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Masked: ***-***-1234. */
  phone: z.string().nullable(),
  vehicle_make: z.string(),
  vehicle_model: z.string(),
  vehicle_color: z.string(),
  license_plate: z.string(),
  /** As riders rated them; null before the first rating. */
  rating: z.strictObject({ average: z.number(), count: z.number().int() }).nullable(),
});
export type RideDriver = z.infer<typeof rideDriverSchema>;

const rideBase = {
  id: z.string(),
  city_id: z.string(),
  status: rideStatusSchema,
  /** The words shown for the status (STATUS_LABELS). */
  status_label: z.string(),
  ride_type: rideTypeViewSchema,
  pickup: ridePlaceSchema,
  destination: ridePlaceSchema,
  distance_m: z.number(),
  duration_s: z.number(),
  /** The upfront fare, integer cents. */
  fare_cents: z.number().int(),
  currency: z.string(),
  payment_method: paymentMethodSchema,
  /** Wallet credit applied first to this ride's fare and carried fees (decision 0038); the rest is paid by `payment_method`. */
  wallet_cents: z.number().int(),
  driver_id: z.string().nullable(),
  requested_at: timestampSchema,
  accepted_at: timestampSchema.nullable(),
  arrived_at: timestampSchema.nullable(),
  started_at: timestampSchema.nullable(),
  completed_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
  cancelled_by: z.enum(RIDE_ACTORS).nullable(),
  cancel_reason: z.string().nullable(),
  updated_at: timestampSchema,
  driver: rideDriverSchema.nullable(),
  /** First name and masked phone. */
  rider: z.strictObject({ name: z.string(), phone: z.string().nullable() }),
  /** While the ride is live (accepted, arrived, in progress); null otherwise. */
  driver_location: driverFixSchema.nullable(),
  /** The caller's own rating of this ride. */
  my_rating: z.strictObject({ stars: z.number().int(), comment: z.string().nullable() }).nullable(),
  /** The cancellation rules as they stand now (free window, fee now, no-show time); null once ended or started. */
  cancel_terms: cancelTermsSchema.nullable(),
  /** The fee recorded when the ride was cancelled (charged or waived); null when none applied. */
  cancellation_fee: rideCancellationFeeSchema.nullable(),
  /** What the rider owed from earlier rides (cancellation fees, declined card captures) that this ride carries, integer cents. */
  carried_fee_cents: z.number().int(),
  /** A promo code's discount on the fare (decision 0063): the rider pays fare − this; the platform funds it. */
  promo_discount_cents: z.number().int(),
};

/** The ride as its rider reads it: the PIN and the share link are theirs alone. */
export const riderRideViewSchema = z.strictObject({ ...rideBase, viewer: z.literal('rider'), pin: z.string(), share_token: z.string() });
/** The ride as its assigned driver reads it: never the PIN (they must hear it from the rider). */
export const driverRideViewSchema = z.strictObject({ ...rideBase, viewer: z.literal('driver') });
/** Either view; `viewer` says whose it is (a driver who opens /track-ride/{id} is sent to their ride view). */
export const rideViewSchema = z.discriminatedUnion('viewer', [riderRideViewSchema, driverRideViewSchema]);
export type RiderRideView = z.infer<typeof riderRideViewSchema>;
export type DriverRideView = z.infer<typeof driverRideViewSchema>;
export type RideView = z.infer<typeof rideViewSchema>;

export const rideResponseSchema = z.strictObject({ ride: rideViewSchema });
export const riderRideResponseSchema = z.strictObject({ ride: riderRideViewSchema });
export const driverRideResponseSchema = z.strictObject({ ride: driverRideViewSchema });
export const activeRideResponseSchema = z.strictObject({ ride: rideViewSchema.nullable() });
export const rideListResponseSchema = z.strictObject({
  rides: z.array(rideViewSchema),
  /** Opaque; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type RideList = z.infer<typeof rideListResponseSchema>;

/** One ride offered to one driver for `timeout_s` seconds. */
export const rideOfferSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  ride_type: rideTypeViewSchema,
  pickup: ridePlaceSchema,
  destination: ridePlaceSchema,
  distance_m: z.number(),
  duration_s: z.number(),
  pickup_distance_m: z.number(),
  pickup_eta_s: z.number(),
  fare_cents: z.number().int(),
  currency: z.string(),
  /** How the rider pays: the card says Cash, Card or Business (nothing to collect). */
  payment_method: paymentMethodSchema,
  expires_at: timestampSchema,
  timeout_s: z.number().int(),
});
export type RideOfferView = z.infer<typeof rideOfferSchema>;
export const openOfferResponseSchema = z.strictObject({ offer: rideOfferSchema.nullable() });

/** A [lat, lng] pair: routes and driven paths. */
export const latLngTupleSchema = z.tuple([z.number(), z.number()]);

export const quoteOptionSchema = z.strictObject({
  ride_type: rideTypeViewSchema,
  name: z.string(),
  seats: z.number().int(),
  fare_cents: z.number().int(),
  /** From the nearest available driver within dispatch's widest radius whose vehicle qualifies for this type; null when there is none. */
  pickup_eta_s: z.number().nullable(),
  /** A driver whose active, verified vehicle qualifies for this type is near (decision 0046). False: shown as unavailable. */
  available: z.boolean(),
});
export const quoteSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string() }),
  currency: z.string(),
  distance_m: z.number(),
  duration_s: z.number(),
  route: z.array(latLngTupleSchema),
  options: z.array(quoteOptionSchema),
  /** What the rider owes (cancellation fees, decision 0033; declined card captures, decision 0043): the ride they book next carries it. */
  owed_fee_cents: z.number().int(),
  /** The pickup zone's surge multiplier in tenths (10 = none), already in every fare above (decision 0035). */
  surge_tenths: z.number().int(),
  /** The pricing zone whose demand sets it, or null. */
  surge_zone: z.string().nullable(),
  /** Send it with the request: the ride is charged this quote's multiplier if requested before `expires_at`. */
  quote_token: z.string(),
  expires_at: z.string(),
});
export type QuoteOption = z.infer<typeof quoteOptionSchema>;
export type Quote = z.infer<typeof quoteSchema>;

export const cityPricingSchema = z.strictObject({
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string() }),
  pricing: z.array(
    z.strictObject({
      ride_type: rideTypeViewSchema,
      base_cents: z.number().int(),
      per_km_cents: z.number().int(),
      per_min_cents: z.number().int(),
      minimum_cents: z.number().int(),
      booking_fee_cents: z.number().int(),
      seats: z.number().int(),
      updated_at: timestampSchema,
    }),
  ),
});
export type CityPricing = z.infer<typeof cityPricingSchema>;

/**
 * The receipt of a completed ride: the lines add up to the fare exactly; a promotion (decision 0068) is its own
 * line, and `paid_fare_cents` = fare − its discount (the ride record's `promo_discount_cents`). Its driver reads
 * the fare (their earnings are on the full fare): no promotion, `paid_fare_cents` = fare.
 */
export const receiptSchema = z.strictObject({
  ride_id: z.string(),
  fare_cents: z.number().int(),
  currency: z.string(),
  lines: z.array(z.strictObject({ label: z.string(), amount_cents: z.number().int() })),
  promotion: z.strictObject({ code: z.string(), discount_cents: z.number().int() }).nullable(),
  paid_fare_cents: z.number().int(),
  distance_m: z.number(),
  duration_s: z.number(),
  pickup: ridePlaceSchema,
  destination: ridePlaceSchema,
  started_at: timestampSchema.nullable(),
  completed_at: timestampSchema.nullable(),
  /** The ride's city's IANA time zone: its times are read on the city's clock (issue 30 §4). */
  time_zone: z.string(),
  payment_method: paymentMethodSchema,
  /** The company that paid a business ride (decision 0067); null otherwise. */
  company_name: z.string().nullable(),
  /** The path driven, thinned to at most 500 points. */
  path: z.array(latLngTupleSchema),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = z.strictObject({ receipt: receiptSchema });

/** What a share link shows anyone holding it: never who the rider is, the PIN, or a phone number. */
export const sharedRideSchema = z.strictObject({
  status: rideStatusSchema,
  status_label: z.string(),
  ride_type: rideTypeViewSchema,
  pickup: ridePlaceSchema,
  destination: ridePlaceSchema,
  pickup_label: z.string().nullable(),
  dropoff_label: z.string().nullable(),
  requested_at: timestampSchema,
  updated_at: timestampSchema,
  driver: z.strictObject({ first_name: z.string(), vehicle: z.string() }).nullable(),
  driver_location: driverFixSchema.nullable(),
  /** To the pickup before the trip, to the destination during it; null when unknown or arrived. */
  eta_s: z.number().nullable(),
});
export type SharedRide = z.infer<typeof sharedRideSchema>;
export const sharedRideResponseSchema = z.strictObject({ ride: sharedRideSchema });

export const chatMessageViewSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  sender_role: z.enum(['rider', 'driver']),
  body: z.string(),
  created_at: timestampSchema,
});
export type ChatMessage = z.infer<typeof chatMessageViewSchema>;
/** A page of chat, oldest first within the page; `has_older`: older messages remain (ask with `before`). */
export const chatMessagesResponseSchema = z.strictObject({ messages: z.array(chatMessageViewSchema), has_older: z.boolean() });
export const chatMessageResponseSchema = z.strictObject({ message: chatMessageViewSchema });

/** A masked call placed: the provider is ringing the caller, who is connected once they answer. */
export const callResponseSchema = z.strictObject({ call: z.strictObject({ status: z.literal('calling') }) });
export type CallResponse = z.infer<typeof callResponseSchema>;

export const ratingViewSchema = z.strictObject({
  ride_id: z.string(),
  rater_role: z.enum(['rider', 'driver']),
  stars: z.number().int(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
});
export const ratingResponseSchema = z.strictObject({ rating: ratingViewSchema });
export const okResponseSchema = z.strictObject({ ok: z.literal(true) });
