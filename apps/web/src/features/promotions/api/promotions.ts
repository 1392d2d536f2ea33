import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backtest, Promotion, PromoRedemption } from '@openride/shared/promotions/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { consoleCityFor } from '@/lib/console-city';
import { adminZonesQuery } from '@/lib/admin-zones';
import { call, type CallInput, hrefOf } from '@/lib/call';

export type { Backtest, Promotion, PromoRedemption };

// The form builds its bodies as plain records (the server parses them with the contract's schemas).
type PromotionInput = CallInput<'POST /api/admin/promotions'>['body'];
type PromotionPatch = CallInput<'PATCH /api/admin/promotions/:id'>['body'];

/** Every key of the promotions domain (the data tables' pages go below them). */
export const promotionKeys = {
  list: ['admin', 'promotions'] as const,
  redemptions: (id: string) => ['admin', 'promotions', id, 'redemptions'] as const,
  one: (id: string) => ['admin', 'promotions', id] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** The promotions' list in the admin kit's table: its endpoint, key and first order (the table and the route's prefetch). */
export const promotionsList = {
  endpoint: hrefOf('GET /api/admin/promotions'),
  queryKey: promotionKeys.list,
  defaultSort: { id: 'created_at', dir: 'desc' },
} as const;

/**
 * /promo-codes' route loader (decision 0080): the list's first page (in the console's city) and the new
 * promotion form's cities, started with the route, then the zones of the city the form opens on (the
 * console's, else the first).
 */
export function prefetchPromoCodes(client: QueryClient) {
  const city = consoleCityFor(client);
  const request = firstListRequest({ city: city ?? undefined }, promotionsList.defaultSort);
  return Promise.all([
    client.prefetchInfiniteQuery(listQuery<Promotion>({ endpoint: promotionsList.endpoint, queryKey: promotionsList.queryKey, request })),
    client.fetchQuery(adminCitiesQuery()).then(
      (cities) => {
        const first = city ?? cities[0]?.id;
        return first ? client.prefetchQuery(promotionZonesQuery(first)) : undefined;
      },
      () => undefined, // as prefetchQuery: the form's own query shows the failure
    ),
  ]);
}

/**
 * GET /api/admin/zones?city_id=…, the city's pricing zones by name: where a promotion's pickups may be. The
 * shared list (lib/admin-zones, one cache entry with /geofence-management), narrowed by `select`.
 */
export const promotionZonesQuery = (cityId: string) =>
  queryOptions({
    ...adminZonesQuery(cityId),
    enabled: Boolean(cityId),
    select: (items) => items.filter((z) => z.type === 'pricing_zone').sort((a, b) => a.name.localeCompare(b.name)),
  });

export const usePromotionZones = (cityId: string) => useQuery(promotionZonesQuery(cityId));

/** GET /api/admin/promotions/:id: one promotion with its figures (the detail; it follows the list's refreshes). */
export function usePromotion(id: string) {
  return useQuery({
    queryKey: promotionKeys.one(id),
    queryFn: ({ signal }) => call('GET /api/admin/promotions/:id', { params: { id } }, { signal }).then((r) => r.promotion),
  });
}

/** PATCH /api/admin/promotions/:id with the version read (decision 0068): the list, the detail and the audit log follow, refused or not. */
export function useUpdatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PromotionPatch }) =>
      call('PATCH /api/admin/promotions/:id', { params: { id }, body }).then((r) => r.promotion),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions: the list and the audit log follow. */
export function useCreatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionInput) => call('POST /api/admin/promotions', { body }).then((r) => r.promotion),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions/:id/status (launch or pause). */
export function usePromotionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
      call('POST /api/admin/promotions/:id/status', { params: { id }, body: { status } }).then((r) => r.promotion),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions/:id/backtest: reads only, answered once per click. */
export function useBacktest() {
  return useMutation({
    mutationFn: (id: string) =>
      // The contract's entry takes no body; `api` sends `{}` for any write without one, as this call did by hand.
      call('POST /api/admin/promotions/:id/backtest', { params: { id } }).then((r) => r.backtest),
  });
}
