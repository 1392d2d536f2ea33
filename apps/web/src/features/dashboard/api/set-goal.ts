import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoalInput } from '@openride/shared/dashboard/schemas';
import { call } from '@/lib/call';
import type { MyDashboard } from './get-my-dashboard';
import { dashboardKeys } from './dashboard-keys';

/** PUT /api/drivers/me/goal: the goal as stored goes straight into the dashboard's cache. */
export function useSetGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GoalInput) => call('PUT /api/drivers/me/goal', { body: input }).then((r) => r.goal),
    onSuccess: (goal) => client.setQueryData<MyDashboard>(dashboardKeys.figures, (old) => (old ? { ...old, goal } : old)),
  });
}
