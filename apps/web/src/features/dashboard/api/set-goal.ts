import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoalInput } from '@openride/shared/dashboard/schemas';
import type { Goal } from '@openride/shared/dashboard/views';
import { api } from '@/lib/api';
import type { MyDashboard } from './get-my-dashboard';
import { dashboardKeys } from './dashboard-keys';

/** PUT /api/drivers/me/goal: the goal as stored goes straight into the dashboard's cache. */
export function useSetGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GoalInput) => api<{ goal: Goal | null }>('/api/drivers/me/goal', { method: 'PUT', body: input }).then((r) => r.goal),
    onSuccess: (goal) => client.setQueryData<MyDashboard>(dashboardKeys.figures, (old) => (old ? { ...old, goal } : old)),
  });
}
