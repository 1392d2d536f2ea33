import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsPeriod } from '@openride/shared/payouts/schemas';
import type { CashReceived } from '@openride/shared/payouts/schemas';
import type { Collection, DriverEarnings, DriverStanding, PayoutRun, Statement, StatementResponse } from '@openride/shared/payouts/views';
import { api } from '@/lib/api';
import { adminCitiesQuery } from '@/lib/admin-cities';

export type { Collection, DriverEarnings, PayoutRun, Statement, StatementResponse };

/** GET /api/drivers/me/earnings: the signed-in driver's own money (there is no way to name another). */
export function useEarnings(period: EarningsPeriod) {
  return useQuery({
    queryKey: ['driver', 'earnings', period] as const,
    queryFn: ({ signal }) => api<DriverEarnings>(`/api/drivers/me/earnings?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStatements() {
  return useQuery({
    queryKey: ['driver', 'statements'] as const,
    queryFn: ({ signal }) => api<{ statements: Statement[] }>('/api/drivers/me/statements', { signal }).then((r) => r.statements),
  });
}

export function useStatement(week: string) {
  return useQuery({
    queryKey: ['driver', 'statement', week] as const,
    queryFn: ({ signal }) => api<StatementResponse>(`/api/drivers/me/statements/${encodeURIComponent(week)}`, { signal }),
    retry: false,
  });
}
export const statementCsvHref = (week: string) => `/api/drivers/me/statements/${encodeURIComponent(week)}?format=csv`;

const runsKey = ['admin', 'payout-runs'] as const;
const collectionsKey = ['admin', 'collections'] as const;

/** GET /api/admin/payout-runs: every run, newest first. */
const payoutRunsQuery = () =>
  queryOptions({ queryKey: runsKey, queryFn: ({ signal }) => api<{ runs: PayoutRun[] }>('/api/admin/payout-runs', { signal }).then((r) => r.runs) });

export function usePayoutRuns() {
  return useQuery(payoutRunsQuery());
}

/** /driver-payouts' route loader: its first tab's runs and city picker, started with the route. */
export const prefetchDriverPayouts = (client: QueryClient) => Promise.all([client.prefetchQuery(payoutRunsQuery()), client.prefetchQuery(adminCitiesQuery())]);
export const exportHref = (runId: string) => `/api/admin/payout-runs/${encodeURIComponent(runId)}/export`;

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: runsKey }),
      client.invalidateQueries({ queryKey: collectionsKey }),
      client.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
    ]);
}

type RunAction =
  | { kind: 'create'; city_id: string }
  | { kind: 'approve'; id: string }
  | { kind: 'paid'; id: string; reference: string }
  | { kind: 'fail'; itemId: string; reason: string };

/** Every verb of a run, one mutation: what changed comes back as the run, and the lists refresh. */
export function useRunAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (a: RunAction) => {
      if (a.kind === 'create') return api<{ run: PayoutRun }>('/api/admin/payout-runs', { method: 'POST', body: { city_id: a.city_id } });
      if (a.kind === 'approve') return api<{ run: PayoutRun }>(`/api/admin/payout-runs/${encodeURIComponent(a.id)}/approve`, { method: 'POST' });
      if (a.kind === 'paid')
        return api<{ run: PayoutRun }>(`/api/admin/payout-runs/${encodeURIComponent(a.id)}/mark-paid`, { method: 'POST', body: { reference: a.reference } });
      return api<{ run: PayoutRun }>(`/api/admin/payout-items/${encodeURIComponent(a.itemId)}/fail`, { method: 'POST', body: { reason: a.reason } });
    },
    onSuccess: invalidate,
  });
}

export function useCollections() {
  return useQuery({
    queryKey: collectionsKey,
    queryFn: ({ signal }) => api<{ collections: Collection[] }>('/api/admin/collections', { signal }).then((r) => r.collections),
  });
}

export function useRecordCash() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ driverId, input }: { driverId: string; input: CashReceived }) =>
      api<{ collection: Collection | null; standing: DriverStanding }>(`/api/admin/collections/${encodeURIComponent(driverId)}/cash`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}
