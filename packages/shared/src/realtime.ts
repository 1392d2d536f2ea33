import { z } from 'zod';
import { text } from './text';
import { driverStateSchema } from './drivers/views';
import { chatMessageViewSchema, driverFixSchema, rideOfferSchema, rideStatusSchema } from './rides/views';
import { adminSosAlertSchema } from './safety/sos-schemas';

/** A driver's GPS fix, over the socket or `POST /api/drivers/me/location`. Ranges are checked here; rate and role on the server. */
export const locationFixSchema = z.object({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
  accuracy: z.number().finite().min(0).max(100_000).optional(),
  heading: z.number().finite().min(0).max(360).nullish(),
  speed: z.number().finite().min(0).max(100).nullish(),
});

/** Client → server socket frames. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: text().min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), channel: text().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
  locationFixSchema.extend({ type: z.literal('location') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Server → client socket frames. */
export type ServerFrame =
  | { type: 'ready'; userId: string; channels: string[] }
  | { type: 'subscribed'; channel: string }
  | { type: 'event'; channel: string; event: string; data: unknown }
  | { type: 'error'; code: string; message: string }
  | { type: 'pong' };

export const userChannel = (userId: string) => `user:${userId}`;

/** The room of one ride: its rider and assigned driver. */
export const rideChannel = (rideId: string) => `ride:${rideId}`;

/** The operators' room (decision 0061): every signed-in admin may join it; SOS alerts go there. */
export const ADMINS_CHANNEL = 'admins';

/** A driver's GPS fix as the client sends it. */
export type LocationFrame = Extract<ClientFrame, { type: 'location' }>;

/**
 * Every event the server publishes, with its data (decision 0017). `user:{id}` carries the user's own
 * events; `ride:{id}` those of one ride (its rider and assigned driver). The web's `useRealtimeEvent` is
 * typed by this map; apps/server/test/realtime.test.ts and the API tests read frames through it.
 */
export const REALTIME_EVENTS = {
  'ride.changed': z
    .strictObject({ id: z.string(), status: rideStatusSchema })
    .describe('Every transition, on `user:{rider}`, `user:{driver}` and `ride:{id}`.'),
  'ride.offer': z.strictObject({ offer: rideOfferSchema }).describe('An offer to one driver, on `user:{driver}`.'),
  'ride.offer_closed': z
    .strictObject({ offer_id: z.string(), ride_id: z.string(), reason: z.enum(['accepted', 'declined', 'expired', 'cancelled']) })
    .describe("The driver's offer is gone, on `user:{driver}`."),
  'driver.location': driverFixSchema
    .extend({ ride_id: z.string(), eta_s: z.number().nullable() })
    .describe("The driver's position, on `ride:{id}`; `eta_s` to the pickup before the trip, to the destination during it."),
  'chat.message': z.strictObject({ message: chatMessageViewSchema }).describe('A chat message, on `ride:{id}`.'),
  'notification.changed': z
    .union([z.strictObject({ id: z.string(), op: z.literal('insert') }), z.strictObject({ op: z.literal('update') })])
    .describe("The user's notifications changed (one inserted, or some marked read), on `user:{id}`."),
  'driver.changed': driverStateSchema.describe("The user's driver record changed (applied, reviewed, online or offline), on `user:{id}`."),
  'profile.changed': z.strictObject({ full_name: z.string().nullable(), phone: z.string().nullable() }).describe("The user's profile changed, on `user:{id}`."),
  'support.ticket_changed': z
    .strictObject({ id: z.string() })
    .describe(
      'A support ticket the user is on (requester, or the other party of a lost-item ticket) has a new message or status, on `user:{id}` (decision 0055).',
    ),
  'safety.ride_check': z
    .strictObject({ ride_id: z.string(), id: z.string(), reason: z.enum(['long_stop', 'route_deviation']), state: z.enum(['asked', 'answered']) })
    .describe('A ride check was asked ("Is everything OK?") or answered, on `ride:{id}` (decision 0062): the prompt refetches.'),
  'safety.sos': z.strictObject({ alert: adminSosAlertSchema }).describe('An SOS was raised during a ride, on `admins` (decision 0061).'),
  'safety.sos_changed': z
    .strictObject({ id: z.string(), ride_id: z.string(), status: z.enum(['open', 'resolved']) })
    .describe('An SOS alert was resolved, on `admins` and on `user:{presser}` (decision 0061).'),
} as const;
export type RealtimeEventName = keyof typeof REALTIME_EVENTS;
export type RealtimeEventData<E extends RealtimeEventName> = z.infer<(typeof REALTIME_EVENTS)[E]>;
