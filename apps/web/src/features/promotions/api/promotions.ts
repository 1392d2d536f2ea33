import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backtest, Promotion, PromoRedemption } from '@openride/shared/promotions/views';
import { api } from '@/lib/api';

export type { Backtest, Promotion, PromoRedemption };

/** Every key of the promotions domain (the data tables' pages go below them). */
export const promotionKeys = {
  list: ['admin', 'promotions'] as const,
  redemptions: (id: string) => ['admin', 'promotions', id, 'redemptions'] as const,
  cities: ['admin', 'promotions', 'cities'] as const,
  one: (id: string) => ['admin', 'promotions', id] as const,
  zones: (cityId: string) => ['admin', 'promotions', 'zones', cityId] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/cities, for the city of a new promotion. */
export function usePromotionCities() {
  return useQuery({ queryKey: promotionKeys.cities, queryFn: ({ signal }) => api<{ items: { id: string; name: string; currency: string }[] }>('/api/admin/cities', { signal }).then((r) => r.items) });
}

/** GET /api/admin/zones?city_id=…, the city's pricing zones by name: where a promotion's pickups may be. */
export function usePromotionZones(cityId: string) {
  return useQuery({
    queryKey: promotionKeys.zones(cityId),
    enabled: Boolean(cityId),
    queryFn: ({ signal }) =>
      api<{ items: { id: string; name: string; type: string }[] }>(`/api/admin/zones?city_id=${encodeURIComponent(cityId)}`, { signal }).then((r) =>
        r.items.filter((z) => z.type === 'pricing_zone').sort((a, b) => a.name.localeCompare(b.name)),
      ),
  });
}

/** GET /api/admin/promotions/:id: one promotion with its figures (the detail; it follows the list's refreshes). */
export function usePromotion(id: string) {
  return useQuery({ queryKey: promotionKeys.one(id), queryFn: ({ signal }) => api<{ promotion: Promotion }>(`/api/admin/promotions/${encodeURIComponent(id)}`, { signal }).then((r) => r.promotion) });
}

/** PATCH /api/admin/promotions/:id with the version read (decision 0068): the list, the detail and the audit log follow, refused or not. */
export function useUpdatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api<{ promotion: Promotion }>(`/api/admin/promotions/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then((r) => r.promotion),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions: the list and the audit log follow. */
export function useCreatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ promotion: Promotion }>('/api/admin/promotions', { method: 'POST', body }).then((r) => r.promotion),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions/:id/status (launch or pause). */
export function usePromotionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
      api<{ promotion: Promotion }>(`/api/admin/promotions/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } }).then((r) => r.promotion),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: promotionKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** POST /api/admin/promotions/:id/backtest: reads only, answered once per click. */
export function useBacktest() {
  return useMutation({
    mutationFn: (id: string) => api<{ backtest: Backtest }>(`/api/admin/promotions/${encodeURIComponent(id)}/backtest`, { method: 'POST', body: {} }).then((r) => r.backtest),
  });
}
