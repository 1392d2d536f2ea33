import type { DriverApplicationInput } from '@openride/shared/drivers/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';
import { driverQueryKey } from './get-my-driver';

export type DriverApplication = DriverApplicationInput;

/**
 * §7 drivers insert (+ the driver role): POST /api/drivers. On success the new record is the user's latest,
 * and the role changes to 'driver' (§4), so both are refreshed for the nav and the post-login rules.
 */
export function useApplyDriver(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DriverApplication) => call('POST /api/drivers', { body: input }),
    // 409: an application exists after all (another tab, another device): show it.
    onError: (error) => {
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: queryKeys.driver });
    },
    onSuccess: async ({ driver }) => {
      queryClient.setQueryData(driverQueryKey(userId), driver);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.driver }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
    },
  });
}
