import type { DriverCityChange } from '@openride/shared/drivers/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/drivers/me/city (decision 0074): the driver moves to another city; its requirements apply at once
 * (`taken_offline` when they lack its papers). Everything under the driver key is read again (the record,
 * the online switch); the documents page reads the compliance answer again when it opens.
 */
export function useChangeDriverCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DriverCityChange) => call('PUT /api/drivers/me/city', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.driver }),
  });
}
