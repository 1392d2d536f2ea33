import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { useMe } from '@/lib/session';
import { driverQueryKey, type DriverRecord } from './get-my-driver';

type StatusUpdate = { id: string; status: DriverRecord['status'] };

/** §4: the driver flips offline ⇄ available; shown at once, rolled back if the server refuses. */
export function useUpdateDriverStatus() {
  const queryClient = useQueryClient();
  const key = driverQueryKey(useMe().data?.user.id);
  return useMutation({
    mutationFn: ({ id, status }: StatusUpdate) => call('PATCH /api/drivers/:id', { params: { id }, body: { status } }),
    onMutate: async ({ status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DriverRecord | null>(key);
      queryClient.setQueryData<DriverRecord | null>(key, (driver) => (driver ? { ...driver, status } : driver));
      return { previous };
    },
    onError: (error, _update, context) => {
      // §8: driver-status errors are only logged, with no user message.
      console.warn('[driver] status update failed', error);
      if (context) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
