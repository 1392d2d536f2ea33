import { z } from 'zod';

/** Client → server socket frames. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: z.string().min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
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
