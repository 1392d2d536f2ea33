import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type AdminUser = { id: string; email: string; name: string; created_at: string; roles: string[] };

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: async () => (await api<{ users: AdminUser[] }>('/api/admin/users')).users,
  });
}
