import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsPeriod } from '@openride/shared/payouts/schemas';
import type { CashReceived } from '@openride/shared/payouts/schemas';
import type { Collection, DriverEarnings, PayoutRun, Statement, StatementResponse } from '@openride/shared/payouts/views';
import { call, hrefOf } from '@/lib/call';
import { adminCitiesQuery } from '@/lib/admin-cities';

export type { Collection, DriverEarnings, PayoutRun, Statement, StatementResponse };

/** GET /api/drivers/me/earnings: the signed-in driver's own money (there is no way to name another). */
export function useEarnings(period: EarningsPeriod) {
  return useQuery({
    queryKey: ['driver', 'earnings', period] as const,
    queryFn: ({ signal }) => call('GET /api/drivers/me/earnings', { query: { period } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStatements() {
  return useQuery({
    queryKey: ['driver', 'statements'] as const,
    queryFn: ({ signal }) => call('GET /api/drivers/me/statements', {}, { signal }).then((r) => r.statements),
  });
}

export function useStatement(week: string) {
  return useQuery({
    queryKey: ['driver', 'statement', week] as const,
    queryFn: ({ signal }) => call('GET /api/drivers/me/statements/:week', { params: { week } }, { signal }),
    retry: false,
  });
}
/** A download link (the browser opens it; the server answers the CSV). */
export const statementCsvHref = (week: string) => hrefOf('GET /api/drivers/me/statements/:week', { params: { week }, query: { format: 'csv' } });

const runsKey = ['admin', 'payout-runs'] as const;
const collectionsKey = ['admin', 'collections'] as const;

/** GET /api/admin/payout-runs: every run, newest first. */
const payoutRunsQuery = () =>
  queryOptions({ queryKey: runsKey, queryFn: ({ signal }) => call('GET /api/admin/payout-runs', {}, { signal }).then((r) => r.runs) });

export function usePayoutRuns() {
  return useQuery(payoutRunsQuery());
}

/** /driver-payouts' route loader: its first tab's runs and city picker, started with the route. */
export const prefetchDriverPayouts = (client: QueryClient) => Promise.all([client.prefetchQuery(payoutRunsQuery()), client.prefetchQuery(adminCitiesQuery())]);
/** A download link (the browser opens it; the server answers the file). */
export const exportHref = (runId: string) => hrefOf('GET /api/admin/payout-runs/:id/export', { params: { id: runId } });

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
      if (a.kind === 'create') return call('POST /api/admin/payout-runs', { body: { city_id: a.city_id } });
      if (a.kind === 'approve') return call('POST /api/admin/payout-runs/:id/approve', { params: { id: a.id }, body: {} });
      if (a.kind === 'paid') return call('POST /api/admin/payout-runs/:id/mark-paid', { params: { id: a.id }, body: { reference: a.reference } });
      return call('POST /api/admin/payout-items/:id/fail', { params: { id: a.itemId }, body: { reason: a.reason } });
    },
    onSuccess: invalidate,
  });
}

export function useCollections() {
  return useQuery({
    queryKey: collectionsKey,
    queryFn: ({ signal }) => call('GET /api/admin/collections', {}, { signal }).then((r) => r.collections),
  });
}

export function useRecordCash() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ driverId, input }: { driverId: string; input: CashReceived }) =>
      call('POST /api/admin/collections/:driverId/cash', { params: { driverId }, body: input }),
    onSuccess: invalidate,
  });
}
