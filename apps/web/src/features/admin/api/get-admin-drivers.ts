import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminDriver, AdminDriverFilter } from '@openride/shared/drivers/schemas';
import { api } from '@/lib/api';

/** The tabs, in the order a reviewer works through them: the queue first. */
export const DRIVER_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const satisfies readonly AdminDriverFilter[];
export type DriverFilter = (typeof DRIVER_FILTERS)[number];

export type { AdminDriver };

export const adminDriversKey = (filter?: DriverFilter) => (filter ? (['admin', 'drivers', filter] as const) : (['admin', 'drivers'] as const));

export function useAdminDrivers(filter: DriverFilter) {
  return useQuery({
    queryKey: adminDriversKey(filter),
    queryFn: async () => (await api<{ drivers: AdminDriver[] }>(`/api/admin/drivers?status=${filter}`)).drivers,
    // Switching tabs keeps the old list on screen until the new one arrives, instead of a spinner flash.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
