import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProcedureInput } from '@openride/shared/procedures/schemas';
import type { ProcedureView } from '@openride/shared/procedures/views';
import type { SupportCategory } from '@openride/shared/support/categories';
import { call } from '@/lib/call';

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
    queryFn: ({ signal }) => call('GET /api/admin/support-procedures', {}, { signal }).then((r) => r.procedures),
  });

export function useProcedures() {
  return useQuery(proceduresQuery());
}

/** The tab /support-procedures opens on: `?section=faq` is the help center's FAQ editor, else the procedures. */
export const supportSection = (params: URLSearchParams) => (params.get('section') === 'faq' ? 'faq' : 'procedures');

/** /support-procedures' prefetch: the procedures, started with the route (the route module's loader picks the tab). */
export const prefetchProcedures = (client: QueryClient) => client.prefetchQuery(proceduresQuery());

/** GET /api/admin/support-procedures/:category: the current version, for the panel beside a ticket (a ticket's category as stored: one the server does not know, it refuses). */
export function useProcedure(category: string) {
  return useQuery({
    queryKey: procedureKeys.one(category),
    queryFn: ({ signal }) =>
      call('GET /api/admin/support-procedures/:category', { params: { category: category as SupportCategory } }, { signal }).then((r) => r.procedure),
  });
}

/** GET /api/admin/support-procedures/:category/versions: the history, newest first. */
export function useProcedureVersions(category: string, enabled: boolean) {
  return useQuery({
    queryKey: procedureKeys.versions(category),
    queryFn: ({ signal }) =>
      call('GET /api/admin/support-procedures/:category/versions', { params: { category: category as SupportCategory } }, { signal }).then((r) => r.versions),
    enabled,
  });
}

/** POST /api/admin/support-procedures/:category/versions: the edit saved as the next version; lists, history and the audit log follow. */
export function useSaveProcedure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ category, input }: { category: SupportCategory; input: ProcedureInput }) =>
      call('POST /api/admin/support-procedures/:category/versions', { params: { category }, body: input }).then((r) => r.procedure),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: procedureKeys.all }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}
