import type { ApiPath } from '@/lib/call';

type ConflictRow = { conflict_message?: unknown };

/**
 * §5/§7 RPC check_phone_conflict, run before sign-up: the conflict message when another account holds the
 * phone, else null. If the check itself fails it is ignored (null): sign-up goes on, and the server refuses
 * a taken phone again on its own (409 phone_conflict).
 */
export async function checkPhoneConflict(phone: string, excludeUserId: string | null): Promise<string | null> {
  try {
    // A plain fetch, not `call`: a failed check is ignored here, not reported as the app being offline.
    const response = await fetch('/api/rpc/check_phone_conflict' satisfies ApiPath<'POST /api/rpc/check_phone_conflict'>, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ check_phone: phone, exclude_user_id: excludeUserId }),
    });
    if (!response.ok) return null;
    const rows: unknown = await response.json();
    if (!Array.isArray(rows)) return null;
    const message = (rows as ConflictRow[]).map((row) => row?.conflict_message).find((m) => typeof m === 'string' && m.trim() !== '');
    return typeof message === 'string' ? message : null;
  } catch (error) {
    console.warn('[auth] phone conflict check failed, ignored', error);
    return null;
  }
}
