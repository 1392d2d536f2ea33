import { z } from 'zod';
import { text } from '../text';
import { defineRoutes, emptyBodySchema, idParamsSchema } from '../contract';
import { locationFixSchema } from '../realtime';
import {
  CHAT_PAGE_DEFAULT_LIMIT,
  CHAT_PAGE_MAX_LIMIT,
  cancelRideSchema,
  chatMessageSchema,
  quoteRequestSchema,
  RIDE_HISTORY_DEFAULT_LIMIT,
  RIDE_HISTORY_MAX_LIMIT,
  ratingSchema,
  rideListAsSchema,
  rideRequestSchema,
  startRideSchema,
} from './schemas';
import {
  activeRideResponseSchema,
  callResponseSchema,
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  cityPricingSchema,
  driverRideResponseSchema,
  okResponseSchema,
  openOfferResponseSchema,
  quoteSchema,
  ratingResponseSchema,
  rideListResponseSchema,
  rideResponseSchema,
  riderRideResponseSchema,
  sharedRideResponseSchema,
} from './views';

/** Query of `GET /api/rides`: a keyset page of the caller's rides as rider (default) or driver. */
export const rideHistoryQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(RIDE_HISTORY_MAX_LIMIT).default(RIDE_HISTORY_DEFAULT_LIMIT),
  as: rideListAsSchema,
});

/**
 * Query of `GET /api/rides/:id/messages`: the newest `limit` messages, or those just older than the
 * message `before` names (the oldest one the client holds), so a long chat is read back page by page.
 */
export const chatHistoryQuerySchema = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX_LIMIT).default(CHAT_PAGE_DEFAULT_LIMIT),
});

const notYours = { 404: { description: "No such ride, or not the caller's (ids reveal nothing)" } } as const;

/**
 * Rides, their rider and driver halves (decisions 0009 and 0010). Money is integer cents; positions are WGS84.
 * A ride is shown only to its rider and its assigned driver.
 */
export const rideRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/rides/quote',
    tag: 'rides',
    summary: "Upfront fares for every ride type, and the nearest driver's pickup ETA",
    description:
      "Signed in only: each quote may cost a routing call. Per ride type, `pickup_eta_s` is the nearest driver within dispatch's widest radius whose active, verified vehicle qualifies for it (null when none), and `available` says whether there is one (decision 0046).",
    auth: 'user',
    request: { body: quoteRequestSchema },
    responses: {
      200: { description: 'The quote', schema: quoteSchema },
      422: {
        description: 'The pickup is outside every service area (OUTSIDE_SERVICE_AREA), or the destination is in a restricted zone (DESTINATION_RESTRICTED)',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/pricing/:city',
    tag: 'rides',
    summary: "A city's price list",
    auth: 'public',
    request: { params: z.object({ city: text().max(100) }) },
    responses: { 200: { description: 'The prices', schema: cityPricingSchema }, 404: { description: 'No such city' } },
  },
  {
    method: 'POST',
    path: '/api/rides',
    tag: 'rides',
    summary: 'Request a ride (dispatch starts at once)',
    description: 'The server prices the ride itself. Then `ride.changed` on `user:{id}` and `ride:{id}`.',
    auth: 'user',
    request: { body: rideRequestSchema },
    responses: {
      201: { description: 'Requested', schema: riderRideResponseSchema },
      409: { description: 'The rider already has an active ride' },
      422: { description: 'Pickup outside every service area, destination in a restricted zone, or the ride type is not offered there' },
      429: { description: 'TOO_MANY_RIDE_REQUESTS: 10 rides booked in 10 minutes' },
    },
  },
  {
    method: 'GET',
    path: '/api/rides',
    tag: 'rides',
    summary: "The caller's rides, newest first, a page at a time",
    auth: 'user',
    request: { query: rideHistoryQuerySchema },
    responses: { 200: { description: 'A page', schema: rideListResponseSchema }, 400: { description: 'Bad cursor or limit' } },
  },
  {
    method: 'GET',
    path: '/api/rides/active',
    tag: 'rides',
    summary: "The caller's live ride: as its rider first, else as its driver",
    auth: 'user',
    responses: { 200: { description: 'The ride or null', schema: activeRideResponseSchema } },
  },
  {
    method: 'GET',
    path: '/api/rides/:id',
    tag: 'rides',
    summary: 'One ride, as its rider (with the PIN) or its assigned driver (without)',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The ride', schema: rideResponseSchema }, ...notYours },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/cancel',
    tag: 'rides',
    summary: 'Cancel: the rider until the trip starts, the assigned driver before it starts',
    description: 'Idempotent.',
    auth: 'user',
    request: { params: idParamsSchema, body: cancelRideSchema },
    responses: {
      200: { description: 'Cancelled', schema: rideResponseSchema },
      409: { description: 'Too late' },
      429: { description: 'TOO_MANY_CANCELS: a driver cancelled 20 rides in 10 minutes' },
      ...notYours,
    },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/accept',
    tag: 'rides',
    summary: 'Accept the open offer',
    auth: 'driver',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: {
      200: { description: 'Accepted: the driver view', schema: driverRideResponseSchema },
      409: { description: 'This ride is no longer available, or the driver is on a ride' },
      ...notYours,
    },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/decline',
    tag: 'rides',
    summary: 'Decline the open offer (it passes on at once)',
    description: 'Idempotent.',
    auth: 'driver',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: { 200: { description: 'Declined', schema: okResponseSchema }, ...notYours },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/arrive',
    tag: 'rides',
    summary: 'The assigned driver is at the pickup (from accepted)',
    auth: 'driver',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: { 200: { description: 'Arrived', schema: driverRideResponseSchema }, 409: { description: 'Wrong state' }, ...notYours },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/start',
    tag: 'rides',
    summary: "Start the trip with the rider's PIN (from arrived)",
    auth: 'driver',
    request: { params: idParamsSchema, body: startRideSchema },
    responses: {
      200: { description: 'Started', schema: driverRideResponseSchema },
      409: { description: 'Wrong state' },
      422: { description: 'Incorrect PIN' },
      429: { description: '5 wrong PINs in 10 minutes' },
      ...notYours,
    },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/complete',
    tag: 'rides',
    summary: 'Complete the trip (from in progress)',
    auth: 'driver',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: { 200: { description: 'Completed', schema: driverRideResponseSchema }, 409: { description: 'Wrong state' }, ...notYours },
  },
  {
    method: 'GET',
    path: '/api/rides/:id/messages',
    tag: 'rides',
    summary: "A page of the ride's chat: the newest messages (oldest first within the page), or those before a message",
    description:
      'Without `before`: the newest `limit` messages. With `before` (a message id): the `limit` messages just older than it. `has_older` says whether older ones remain.',
    auth: 'user',
    request: { params: idParamsSchema, query: chatHistoryQuerySchema },
    responses: { 200: { description: 'The messages', schema: chatMessagesResponseSchema }, 400: { description: 'Bad `before` or `limit`' }, ...notYours },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/messages',
    tag: 'rides',
    summary: 'Send a chat message (while the ride is live)',
    description: 'The other party gets a notification and push; both get `chat.message` on `ride:{id}`.',
    auth: 'user',
    request: { params: idParamsSchema, body: chatMessageSchema },
    responses: {
      201: { description: 'Sent', schema: chatMessageResponseSchema },
      409: { description: 'Chat is closed' },
      429: { description: 'TOO_MANY_MESSAGES: 20 a minute on one ride, 60 a minute in all' },
      ...notYours,
    },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/call',
    tag: 'rides',
    summary: 'Call the other party through a masked number (while the ride is live)',
    description:
      'The telephony provider rings the caller from the platform number, then dials the other party with the platform number as caller id (decision 0034). Only when `GET /api/config` says `calls: true`.',
    auth: 'user',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: {
      202: { description: 'Ringing the caller', schema: callResponseSchema },
      409: { description: 'CALL_CLOSED: no driver on the way or on the trip' },
      422: { description: 'CALL_NO_PHONE' },
      429: { description: 'TOO_MANY_CALLS: 5 in 10 minutes on one ride' },
      502: { description: 'CALL_FAILED: the provider refused' },
      503: { description: 'CALLS_UNAVAILABLE: no telephony provider' },
      ...notYours,
    },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/rating',
    tag: 'rides',
    summary: 'Rate the other party of a completed ride',
    auth: 'user',
    request: { params: idParamsSchema, body: ratingSchema },
    responses: { 201: { description: 'Rated', schema: ratingResponseSchema }, 409: { description: 'Not completed, or already rated' }, ...notYours },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/offer',
    tag: 'rides',
    summary: "The caller's open offer, to restore the offer card after a reload",
    auth: 'driver',
    responses: { 200: { description: 'The offer or null', schema: openOfferResponseSchema } },
  },
  {
    method: 'POST',
    path: '/api/drivers/me/location',
    tag: 'rides',
    summary: "A driver's GPS fix over HTTP, for when the socket is down or refused",
    description: "The socket's `location` frame without `type`, under the same rules and rate (at most one per second is taken; the rest are dropped).",
    auth: 'driver',
    request: { body: locationFixSchema },
    responses: {
      204: { description: 'Taken (or dropped as too soon); no body' },
      202: {
        description: 'Received but not taken: the driver is offline (or this server has not seen them go online yet)',
        schema: z.object({ taken: z.literal(false), reason: z.string() }).strict(),
      },
      400: { description: 'Out of range, or less accurate than 200 m' },
      403: { description: 'Not a driver' },
    },
  },
  {
    method: 'GET',
    path: '/api/share/:token',
    tag: 'rides',
    summary: 'A shared ride: the token is the credential',
    auth: 'public',
    request: { params: z.object({ token: text().max(200) }) },
    responses: {
      200: { description: 'The ride', schema: sharedRideResponseSchema },
      404: { description: 'This link has expired (an hour after the ride ends)' },
    },
  },
]);
