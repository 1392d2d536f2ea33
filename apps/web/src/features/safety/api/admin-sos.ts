import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMINS_CHANNEL } from '@openride/shared/realtime';
import type { AdminSosAlert, AdminSosList } from '@openride/shared/safety/sos-schemas';
import { useEffect } from 'react';
import { call } from '@/lib/call';
import { RECONNECTED_EVENT, subscribeChannel, useLivePollInterval, useRealtimeEvent } from '@/lib/realtime';
import { sosKeys } from './sos-keys';

export type { AdminSosAlert };

/**
 * GET /api/admin/sos, kept live: the `admins` room's `safety.sos` adds an alert at once, `safety.sos_changed`
 * refetches; while the socket is down the list polls (useLivePollInterval).
 */
export function useOpenSos() {
  const client = useQueryClient();
  const live = useLivePollInterval();
  useEffect(() => subscribeChannel(ADMINS_CHANNEL), []);
  useRealtimeEvent('safety.sos', ({ alert }) => {
    client.setQueryData<AdminSosList>(sosKeys.open, (old) => (old ? { alerts: [...old.alerts.filter((a) => a.id !== alert.id), alert] } : { alerts: [alert] }));
  });
  useRealtimeEvent('safety.sos_changed', () => void client.invalidateQueries({ queryKey: sosKeys.open }));
  useRealtimeEvent(RECONNECTED_EVENT, () => void client.invalidateQueries({ queryKey: sosKeys.open }));
  return useQuery({
    queryKey: sosKeys.open,
    queryFn: ({ signal }) => call('GET /api/admin/sos', {}, { signal }),
    refetchInterval: live,
  });
}

/** POST /api/admin/sos/:id/resolve with the note; the list drops it, the audit log follows. */
export function useResolveSos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => call('POST /api/admin/sos/:id/resolve', { params: { id }, body: { note } }),
    onSuccess: ({ alert }) => client.setQueryData<AdminSosList>(sosKeys.open, (old) => (old ? { alerts: old.alerts.filter((a) => a.id !== alert.id) } : old)),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: sosKeys.open }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
