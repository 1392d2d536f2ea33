import type { claimReferralResponseSchema } from '@openride/shared/referrals/views';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { deviceHeaders } from '@/lib/device-id';

/** POST /api/referrals/claim, right after sign-up (the auth screen calls it through its route module). */
export const claimReferral = (code: string) =>
  api<z.infer<typeof claimReferralResponseSchema>>('/api/referrals/claim', { method: 'POST', body: { code }, headers: deviceHeaders() });
