import webpush from 'web-push';

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** 'gone': the push service says the subscription no longer exists (404/410), so it should be forgotten. */
export type PushSendOutcome = 'sent' | 'gone';

/**
 * Delivers one encrypted message to one browser subscription. The web-push client below is what runs;
 * tests inject a recording one (the push services of browser vendors are out of reach there).
 * Any failure other than 'gone' is thrown.
 */
export type PushSender = { send(target: PushTarget, payload: string): Promise<PushSendOutcome> };

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** How long a push service keeps an undelivered message: a ride update is stale after a few hours. */
const PUSH_TTL_SECONDS = 6 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export function createWebPushSender(vapid: VapidDetails): PushSender {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
        });
        return 'sent';
      } catch (err) {
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        throw err;
      }
    },
  };
}
