import { useMutation } from '@tanstack/react-query';
import type { Place } from '@openride/shared/rides/schemas';
import type { AppliedPromo } from '@openride/shared/promotions/views';
import { call } from '@/lib/call';

export type { AppliedPromo };

/** POST /api/promotions/apply (decision 0063): the trip's fares with the code's discount, or why not. Reserves nothing. */
export function useApplyPromo() {
  return useMutation({
    mutationFn: (input: { code: string; pickup: Place; destination: Place }) => call('POST /api/promotions/apply', { body: input }),
  });
}
