import { messages } from '@openride/shared/messages';
import { type PushData, routeForPush } from './route-for-push';

/** What a notification or toast shows for a push, and where tapping it leads. */
export type PushContent = { title: string; body: string; url: string | null; bookingId: string | null; type: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Turns a push payload (`{ title, body, bookingId?, type? }`, or anything else a push service hands
 * over) into what is shown. §8: the title defaults to 'New Notification'. Never throws.
 */
export function pushContent(payload: unknown): PushContent {
  const data: Record<string, unknown> = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const bookingId = data.bookingId === undefined || data.bookingId === null ? null : String(data.bookingId);
  return {
    title: text(data.title) || messages.notifications.pushDefaultTitle,
    body: text(data.body),
    url: routeForPush(data as PushData),
    bookingId,
    type: typeof data.type === 'string' ? data.type : null,
  };
}

/** Parses a push message's text: JSON when it is, else the text is the body (a plain-text push). */
export function parsePushText(raw: string | null | undefined): unknown {
  if (!raw) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { body: raw };
  }
}

/** Messages the service worker posts to open pages (see sw.ts). */
export const SW_PUSH_MESSAGE = 'openride:push';
export const SW_NAVIGATE_MESSAGE = 'openride:navigate';
export type SwMessage = { type: typeof SW_PUSH_MESSAGE; title: string; body: string; url: string | null } | { type: typeof SW_NAVIGATE_MESSAGE; url: string };
