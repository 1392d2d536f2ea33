import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffInput, SeparationOfDuties, StaffInvitationView, StaffList, StaffMemberView, UpdateStaffInput } from '@openride/shared/admin/staff';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';

export type { StaffInvitationView, StaffList, StaffMemberView };

/** Every query key of the staff feature (decision 0089). */
export const staffKeys = { list: ['admin', 'staff'] as const };
const auditLogKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/staff: the members and the pending invitations (owners only). */
export const staffListQuery = () => queryOptions({ queryKey: staffKeys.list, queryFn: ({ signal }) => call('GET /api/admin/staff', {}, { signal }) });
export const useStaffList = () => useQuery(staffListQuery());

/** After any change: the list and the audit log follow. */
function useStaffChange<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: staffKeys.list }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

export const useInviteStaff = () => useStaffChange((body: InviteStaffInput) => call('POST /api/admin/staff/invitations', { body }));
export const useRevokeStaffInvitation = () => useStaffChange((id: string) => call('DELETE /api/admin/staff/invitations/:id', { params: { id } }));
export const useUpdateStaff = () =>
  useStaffChange(({ userId, ...body }: UpdateStaffInput & { userId: string }) => call('PATCH /api/admin/staff/:userId', { params: { userId }, body }));
export const useResetStaffTwoFactor = () => useStaffChange((userId: string) => call('DELETE /api/admin/staff-two-factor/:userId', { params: { userId } }));
export const useRemoveStaff = () => useStaffChange((userId: string) => call('DELETE /api/admin/staff/:userId', { params: { userId } }));

/** POST /api/staff-invitations/accept; who I am (role, permissions, the console's path) follows. */
export function useAcceptStaffInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('POST /api/staff-invitations/accept', { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** The /staff route's loader: the list and the cities start with the route. */
export const prefetchStaff = (client: QueryClient) => Promise.all([client.prefetchQuery(staffListQuery()), client.prefetchQuery(adminCitiesQuery())]);

/** GET /api/admin/staff-duties: the owners' separation of duties (decision 0092). */
export const useSeparationOfDuties = () =>
  useQuery({ queryKey: [...staffKeys.list, 'duties'], queryFn: ({ signal }) => call('GET /api/admin/staff-duties', {}, { signal }).then((r) => r.duties) });
export const useSaveSeparationOfDuties = () => useStaffChange((body: SeparationOfDuties) => call('PUT /api/admin/staff-duties', { body }));
