import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverSchedule, PutWeek, TimeOff, TimeOffInput } from '@openride/shared/schedule/schemas';
import { call } from '@/lib/call';

export type { DriverSchedule, TimeOff };

const scheduleKey = ['driver', 'schedule'] as const;

/** GET /api/drivers/me/schedule: the signed-in driver's own week, time off and next shift. */
export function useSchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => call('GET /api/drivers/me/schedule', {}, { signal }).then((r) => r.schedule),
  });
}

/** PUT the whole week; the answer is the schedule as stored (with the next shift), put straight into the cache. */
export function useSaveWeek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (week: PutWeek) => call('PUT /api/drivers/me/schedule', { body: week }).then((r) => r.schedule),
    onSuccess: (schedule) => client.setQueryData(scheduleKey, schedule),
  });
}

export function useAddTimeOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeOffInput) => call('POST /api/drivers/me/time-off', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKey }),
  });
}

export function useRemoveTimeOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/drivers/me/time-off/:id', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKey }),
  });
}
