import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessCheck, CompanyDetail, CompanyMember, CompanyView, InvitationPreview, MyCompany } from '@openride/shared/corporate/views';
import { api } from '@/lib/api';
import { useLivePollInterval } from '@/lib/realtime';

export type { BusinessCheck, CompanyDetail, CompanyMember, CompanyView, InvitationPreview, MyCompany };

/** Every key of the corporate domain (the admin table's pages go below `list`). */
export const corporateKeys = {
  list: ['admin', 'companies'] as const,
  adminDetail: (id: string) => ['admin', 'companies', id] as const,
  mine: ['corporate', 'mine'] as const,
  detail: (id: string) => ['corporate', 'company', id] as const,
  invitation: (token: string) => ['corporate', 'invitation', token] as const,
  check: (companyId: string, body: unknown) => ['corporate', 'check', companyId, body] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** POST /api/admin/companies. */
export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<{ company: CompanyView; admin: { email: string; added: boolean } }>('/api/admin/companies', { method: 'POST', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: corporateKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** PATCH /api/admin/companies/:id (edit, suspend, reactivate), naming the version edited. */
export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; version: number } & Record<string, unknown>) =>
      api<{ company: CompanyView }>(`/api/admin/companies/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then((r) => r.company),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: corporateKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** GET /api/admin/companies/:id: a platform admin's read of one company. */
export function useAdminCompany(id: string | null) {
  return useQuery({
    queryKey: corporateKeys.adminDetail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api<CompanyDetail>(`/api/admin/companies/${encodeURIComponent(id!)}`, { signal }),
  });
}

/** GET /api/corporate/companies: the caller's memberships. */
export function useMyCompanies(enabled = true) {
  return useQuery({
    queryKey: corporateKeys.mine,
    enabled,
    queryFn: ({ signal }) => api<{ companies: MyCompany[] }>('/api/corporate/companies', { signal }).then((r) => r.companies),
  });
}

/** GET /api/corporate/companies/:id: a company admin's view (polls while the socket is down). */
export function useCompanyDetail(id: string) {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    queryKey: corporateKeys.detail(id),
    refetchInterval,
    queryFn: ({ signal }) => api<CompanyDetail>(`/api/corporate/companies/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The company admin's writes: each answers the company's new detail. */
export function useCompanyAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, body }: { path: string; method: 'POST' | 'PUT'; body: unknown }) =>
      api<CompanyDetail | { invitation: unknown }>(`/api/corporate/companies/${encodeURIComponent(id)}${path}`, { method, body }),
    onSuccess: (data) => {
      if ('company' in data) client.setQueryData(corporateKeys.detail(id), data);
      else void client.invalidateQueries({ queryKey: corporateKeys.detail(id) });
    },
  });
}

/** PUT /api/corporate/companies/:id/members/:userId/budget: a member's own budget, or null for the policy's. */
export function useSetMemberBudget(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, monthly_budget_cents }: { userId: string; monthly_budget_cents: number | null }) =>
      api<CompanyDetail>(`/api/corporate/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}/budget`, {
        method: 'PUT',
        body: { monthly_budget_cents },
      }),
    onSuccess: (data) => client.setQueryData(corporateKeys.detail(companyId), data),
  });
}

/** GET /api/corporate/invitations/:token. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: corporateKeys.invitation(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    queryFn: ({ signal }) =>
      api<{ invitation: InvitationPreview }>(`/api/corporate/invitations/${encodeURIComponent(token!)}`, { signal }).then((r) => r.invitation),
  });
}

/** POST /api/corporate/invitations/accept. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<{ company: MyCompany }>('/api/corporate/invitations/accept', { method: 'POST', body: { token } }).then((r) => r.company),
    onSuccess: () => client.invalidateQueries({ queryKey: ['corporate'] }),
  });
}

/** POST /api/corporate/companies/:id/check: per ride type, allowed on account or why not (for the quote shown). */
export function useBusinessCheck(
  companyId: string | null,
  body: { pickup: { lat: number; lng: number }; fares: { ride_type: string; fare_cents: number }[] } | null,
) {
  return useQuery({
    queryKey: corporateKeys.check(companyId ?? '', body),
    enabled: Boolean(companyId && body && body.fares.length > 0),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<BusinessCheck>(`/api/corporate/companies/${encodeURIComponent(companyId!)}/check`, { method: 'POST', body, signal }),
  });
}
