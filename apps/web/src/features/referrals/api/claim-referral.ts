import { call } from '@/lib/call';
import { deviceHeaders } from '@/lib/device-id';

/** POST /api/referrals/claim, right after sign-up (the auth screen calls it through its route module). */
export const claimReferral = (code: string) => call('POST /api/referrals/claim', { body: { code } }, { headers: deviceHeaders() });
