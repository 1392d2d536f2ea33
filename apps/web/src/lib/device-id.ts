const KEY = 'openride.device-id';

/**
 * A random id for this browser, kept in localStorage (decision 0064): sent as `x-device-id` where the server
 * compares devices (the referral fraud rule). Not a fingerprint: clearing site data makes a new one. Null
 * where storage is unavailable (private modes), which the server reads as "no device".
 */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replaceAll('-', '');
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/** The header to send with a request the server records the device of. */
export const deviceHeaders = (): Record<string, string> => {
  const id = deviceId();
  return id ? { 'x-device-id': id } : {};
};
