/**
 * The server POSTs to whatever endpoint a subscription names, so only the browsers' push services are
 * accepted (Chrome/Edge/Opera/Samsung via FCM, Firefox, Windows, Safari); an endpoint on an internal host
 * would otherwise turn notifications into requests from inside our network.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export function isKnownPushService(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
