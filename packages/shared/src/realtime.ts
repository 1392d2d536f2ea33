import { z } from 'zod';

/** Client → server socket frames. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: z.string().min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
  /** A driver's GPS fix (see docs/api.md, Realtime). Ranges are checked here; rate and role on the server. */
  z.object({
    type: z.literal('location'),
    lat: z.number().finite().min(-90).max(90),
    lng: z.number().finite().min(-180).max(180),
    accuracy: z.number().finite().min(0).max(100_000).optional(),
    heading: z.number().finite().min(0).max(360).nullish(),
    speed: z.number().finite().min(0).max(100).nullish(),
  }),
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

/** A driver's GPS fix as the client sends it. */
export type LocationFrame = Extract<ClientFrame, { type: 'location' }>;
