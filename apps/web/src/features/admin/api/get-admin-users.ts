import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@openride/shared/admin/users';
import { call, hrefOf } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';

export type { AdminUser };

/** The list itself is fetched by the data table (GET /api/admin/users): this is its key. */
export const adminUsersKey = queryKeys.adminUsers;

/** The users' list in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const adminUsersList = { endpoint: hrefOf('GET /api/admin/users'), queryKey: adminUsersKey, defaultSort: { id: 'created_at', dir: 'desc' } } as const;

/** Every admin, for the audit log's "by admin" filter (there are a handful, never a page's worth). */
export function useAdmins() {
  return useQuery({
    queryKey: [...queryKeys.adminUsers, 'admins'],
    queryFn: async () => (await call('GET /api/admin/users', { query: { role: 'admin', sort: 'name', dir: 'asc', limit: 100 } })).items,
    staleTime: 60_000,
  });
}
