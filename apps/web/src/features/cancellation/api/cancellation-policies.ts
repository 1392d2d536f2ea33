import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationPolicyInput, ZonePolicyInput } from '@openride/shared/cancellation/schemas';
import type { CancellationPolicyVersion, CancellationPolicyView } from '@openride/shared/cancellation/views';
import { adminZonesQuery } from '@/lib/admin-zones';
import { call } from '@/lib/call';

export type { CancellationPolicyVersion, CancellationPolicyView };
export const cancellationPoliciesKey = ['admin', 'cancellation-policies'] as const;

/** GET /api/admin/cancellation-policies: every city's policies (one answer: cities × ride types × zones); one definition for the page and its route loader (decision 0080). */
export const cancellationPoliciesQuery = () =>
  queryOptions({
    queryKey: cancellationPoliciesKey,
    queryFn: ({ signal }) => call('GET /api/admin/cancellation-policies', {}, { signal }),
  });

export function useCancellationPolicies() {
  return useQuery(cancellationPoliciesQuery());
}

/**
 * /cancellation-policies' route loader: every city's policies, started with the route. The zone names each
 * city's section asks for wait on that answer (which cities), so they are not prefetched.
 */
export const prefetchCancellationPolicies = (client: QueryClient) => client.prefetchQuery(cancellationPoliciesQuery());

/** GET /api/admin/cancellation-policies/:id/versions (decision 0087): read when the card's history is opened. */
export function useCancellationPolicyVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...cancellationPoliciesKey, id, 'versions'],
    queryFn: ({ signal }) => call('GET /api/admin/cancellation-policies/:id/versions', { params: { id } }, { signal }).then((r) => r.versions),
    enabled,
  });
}

/** PUT /api/admin/cancellation-policies/:id (the policy's next version); the list, its versions and the audit log follow. */
export function useSaveCancellationPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CancellationPolicyInput }) =>
      call('PUT /api/admin/cancellation-policies/:id', { params: { id }, body: input }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: cancellationPoliciesKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}

function useInvalidatePolicies() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: cancellationPoliciesKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
}

/** POST /api/admin/cancellation-policies: a pricing zone's own terms for a ride type (a copy of the city default's). */
export function useAddZonePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (input: ZonePolicyInput) => call('POST /api/admin/cancellation-policies', { body: input }).then((r) => r.policy),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/cancellation-policies/:id: the zone follows the city default again. */
export function useRemoveZonePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/cancellation-policies/:id', { params: { id } }).then((r) => r.policy),
    onSuccess: invalidate,
  });
}

/**
 * GET /api/admin/zones?city_id=…, the zones domain's list, read here for the names and the choice of a city's
 * pricing zones: the shared definition (lib/admin-zones), so an edit on /geofence-management refreshes it.
 */
export function useCityZones(cityId: string) {
  return useQuery(adminZonesQuery(cityId));
}
