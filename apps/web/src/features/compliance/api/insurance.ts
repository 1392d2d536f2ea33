import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPolicy, PolicyInput, PolicyList, PolicyReviewInput, PolicyView } from '@openride/shared/compliance/insurance';
import { call } from '@/lib/call';
import { insuranceKeys } from './insurance-keys';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { consoleCityFor } from '@/lib/console-city';

export type { AdminPolicy, PolicyList, PolicyView };
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/vehicles/:id/insurance: the vehicle's policies, newest first. */
export function useVehiclePolicies(vehicleId: string) {
  return useQuery({
    queryKey: insuranceKeys.vehicle(vehicleId),
    queryFn: ({ signal }) => call('GET /api/vehicles/:id/insurance', { params: { id: vehicleId } }, { signal }).then((r) => r.policies),
  });
}

/** POST /api/vehicles/:id/insurance: a policy in review. */
export function useAddPolicy(vehicleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PolicyInput) => call('POST /api/vehicles/:id/insurance', { params: { id: vehicleId }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: insuranceKeys.vehicle(vehicleId) }),
  });
}

/** GET /api/admin/insurance-policies: one of the three lists, for a city or all; one definition for the page and its route loader (decision 0080). */
export const adminPoliciesQuery = (list: PolicyList, city: string) =>
  queryOptions({
    queryKey: insuranceKeys.list(list, city),
    // Every city: no `city` at all (call leaves the empty value out).
    queryFn: ({ signal }) => call('GET /api/admin/insurance-policies', { query: { list, city } }, { signal }).then((r) => r.items),
  });

export function useAdminPolicies(list: PolicyList, city: string) {
  return useQuery(adminPoliciesQuery(list, city));
}

/** The list and the city /insurance-verification opens on: in review, every city (unless the console names one). */
export const INSURANCE_FIRST_LIST = { list: 'review', city: '' } as const satisfies { list: PolicyList; city: string };

/** /insurance-verification's route loader: the policies in review in the console's city (or every city) and the city picker, started with the route. */
export const prefetchInsuranceVerification = (client: QueryClient) =>
  Promise.all([
    client.prefetchQuery(adminPoliciesQuery(INSURANCE_FIRST_LIST.list, consoleCityFor(client) ?? INSURANCE_FIRST_LIST.city)),
    client.prefetchQuery(adminCitiesQuery()),
  ]);

/** Verify, reject (POST …/review) or revoke (POST …/revoke); the lists and the audit log follow. */
export function useDecidePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: PolicyReviewInput | { status: 'revoked'; reason: string } }) =>
      decision.status === 'revoked'
        ? call('POST /api/admin/insurance-policies/:id/revoke', { params: { id }, body: { reason: decision.reason } })
        : call('POST /api/admin/insurance-policies/:id/review', { params: { id }, body: decision }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: insuranceKeys.admin });
      await client.invalidateQueries({ queryKey: auditKey });
    },
  });
}
