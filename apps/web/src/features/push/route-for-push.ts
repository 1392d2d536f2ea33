/**
 * Where tapping a push notification leads (§8, with §2's reading for driver messages; see
 * docs/decisions/0008-push-routing.md). Shared by the native app (Capacitor), the service worker
 * (Web Push) and the in-page toast, so the three cannot drift apart. Pure: unit-tested.
 *
 * - type 'driver_message' with a booking → /driver-ride-view?booking={bookingId}
 * - type 'driver_message' without one   → /driver-ride-view
 * - any other push with a booking       → /track-ride/{bookingId}
 * - anything else                        → null (nothing to open: stay where the user is)
 */
export const DRIVER_MESSAGE = 'driver_message';

/** Push data as it arrives: Web Push JSON, or FCM/APNs data where every value may be a string. */
export type PushData = { bookingId?: unknown; type?: unknown } | null | undefined;

function bookingIdOf(data: PushData): string | null {
  const value = data?.bookingId;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function routeForPush(data: PushData): string | null {
  if (!data || typeof data !== 'object') return null;
  const bookingId = bookingIdOf(data);
  if (data.type === DRIVER_MESSAGE) {
    return bookingId ? `/driver-ride-view?booking=${encodeURIComponent(bookingId)}` : '/driver-ride-view';
  }
  return bookingId ? `/track-ride/${encodeURIComponent(bookingId)}` : null;
}
