import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProcedureInput } from '@openride/shared/procedures/schemas';
import type { ProcedureView } from '@openride/shared/procedures/views';
import type { SupportCategory } from '@openride/shared/support/categories';
import { api } from '@/lib/api';

export type { ProcedureView };
export const procedureKeys = {
  all: ['admin', 'support-procedures'] as const,
  one: (category: string) => ['admin', 'support-procedures', 'current', category] as const,
  versions: (category: string) => ['admin', 'support-procedures', 'versions', category] as const,
};

/** GET /api/admin/support-procedures: each category's current procedure (seven, one answer); one definition for the page and its route loader (decision 0080). */
export const proceduresQuery = () =>
  queryOptions({
    queryKey: procedureKeys.all,
    queryFn: ({ signal }) => api<{ procedures: ProcedureView[] }>('/api/admin/support-procedures', { signal }).then((r) => r.procedures),
  });

export function useProcedures() {
  return useQuery(proceduresQuery());
}

/** The tab /support-procedures opens on: `?section=faq` is the help center's FAQ editor, else the procedures. */
export const supportSection = (params: URLSearchParams) => (params.get('section') === 'faq' ? 'faq' : 'procedures');

/** /support-procedures' prefetch: the procedures, started with the route (the route module's loader picks the tab). */
export const prefetchProcedures = (client: QueryClient) => client.prefetchQuery(proceduresQuery());

/** GET /api/admin/support-procedures/:category: the current version, for the panel beside a ticket. */
export function useProcedure(category: string) {
  return useQuery({
    queryKey: procedureKeys.one(category),
    queryFn: ({ signal }) =>
      api<{ procedure: ProcedureView }>(`/api/admin/support-procedures/${encodeURIComponent(category)}`, { signal }).then((r) => r.procedure),
  });
}

/** GET /api/admin/support-procedures/:category/versions: the history, newest first. */
export function useProcedureVersions(category: string, enabled: boolean) {
  return useQuery({
    queryKey: procedureKeys.versions(category),
    queryFn: ({ signal }) =>
      api<{ versions: ProcedureView[] }>(`/api/admin/support-procedures/${encodeURIComponent(category)}/versions`, { signal }).then((r) => r.versions),
    enabled,
  });
}

/** POST /api/admin/support-procedures/:category/versions: the edit saved as the next version; lists, history and the audit log follow. */
export function useSaveProcedure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ category, input }: { category: SupportCategory; input: ProcedureInput }) =>
      api<{ procedure: ProcedureView }>(`/api/admin/support-procedures/${encodeURIComponent(category)}/versions`, { method: 'POST', body: input }).then(
        (r) => r.procedure,
      ),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: procedureKeys.all }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}
