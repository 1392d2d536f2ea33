import type { ReferralStatus } from '@openride/shared/referrals/schemas';

/** A pending referral past its deadline reads as expired, whether or not a completion has written it down yet. */
export const displayStatus = (r: { status: ReferralStatus; expires_at: Date | string }): ReferralStatus =>
  r.status === 'pending' && new Date(r.expires_at).getTime() < Date.now() ? 'expired' : r.status;

/** "Ada Lovelace" → "Ada L.": the referrer sees who joined, not their full name. */
export const shortName = (name: string | null) => {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  if (!first) return '—';
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
};
