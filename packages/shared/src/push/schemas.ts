import { z } from 'zod';
import { text } from '../text';
import type { pushConfigSchema } from './views';

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it (expirationTime and any other field
 * are ignored). Endpoints must be https URLs of a known push service: the server POSTs to them.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' }).max(2048),
  keys: z.object({
    // URL-safe base64 of the browser's 65-byte P-256 public key and 16-byte auth secret (padding tolerated).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'keys.p256dh must be a P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be a 16-byte secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: text().min(1).max(2048) });

/** GET /api/push/config */
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** What the service worker receives (§3 push data: bookingId, type — e.g. driver_message). */
export type PushPayload = { title: string; body: string; bookingId?: string; type?: string };

/** §2/§3: a push of this type opens the driver's ride view (/driver-ride-view?booking=…). */
export const DRIVER_MESSAGE = 'driver_message';
