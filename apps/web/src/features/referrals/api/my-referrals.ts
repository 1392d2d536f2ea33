import { useQuery } from '@tanstack/react-query';
import type { MyReferral, MyReferrals } from '@openride/shared/referrals/views';
import { call } from '@/lib/call';
import { deviceHeaders } from '@/lib/device-id';
import { useLivePollInterval } from '@/lib/realtime';
import { referralKeys } from './referral-keys';

export type { MyReferral, MyReferrals };

/** GET /api/referrals/me: the caller's codes, the people they referred and their rewards (polled: rewards land when someone else rides). */
export function useMyReferrals() {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    queryKey: referralKeys.mine,
    queryFn: ({ signal }) => call('GET /api/referrals/me', {}, { signal, headers: deviceHeaders() }),
    refetchInterval: refetchInterval || 30_000,
  });
}
