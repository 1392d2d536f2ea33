import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefsUpdate, SavedPlaceInput, SavedPlaceKind, EmergencyContactInput } from '@openride/shared/account/schemas';
import type { AccountView, EmergencyContactView, SavedPlaceView } from '@openride/shared/account/views';
import type { NotificationPrefs } from '@openride/shared/account/notification-prefs';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type { AccountView, EmergencyContactView, SavedPlaceView };

export const accountKey = ['account'] as const;
export const placesKey = ['account', 'places'] as const;

/** GET /api/account: everything /account-settings shows, the caller's own. */
export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => api<{ account: AccountView }>('/api/account', { signal }).then((r) => r.account),
  });
}

/** GET /api/account/places: Home and Work, offered first on /book-ride (composed there by the route module). */
export function useSavedPlaces(enabled = true) {
  return useQuery({
    queryKey: placesKey,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => api<{ places: SavedPlaceView[] }>('/api/account/places', { signal }).then((r) => r.places),
  });
}

/** The account as answered by a change: into the cache (and /api/me, whose name, phone and photo it shows). */
function useAccountAnswer() {
  const client = useQueryClient();
  return (account: AccountView) => {
    client.setQueryData(accountKey, account);
    void client.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function useUpdateProfile() {
  const answer = useAccountAnswer();
  return useMutation({
    mutationFn: (patch: { full_name?: string; avatar_file_id?: string | null }) =>
      api<{ account: AccountView }>('/api/account/profile', { method: 'PATCH', body: patch }).then((r) => r.account),
    onSuccess: answer,
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => api<{ sent: true }>('/api/account/phone/code', { method: 'POST', body: { phone } }) });
}

export function useChangePhone() {
  const answer = useAccountAnswer();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      api<{ account: AccountView }>('/api/account/phone', { method: 'POST', body: input }).then((r) => r.account),
    onSuccess: answer,
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (email: string) => api<{ sent: true }>('/api/account/email', { method: 'POST', body: { email } }) });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) => api<{ ok: true }>('/api/account/password', { method: 'POST', body: input }),
  });
}

function usePlacesAnswer() {
  const client = useQueryClient();
  return ({ places }: { places: SavedPlaceView[] }) => {
    client.setQueryData(placesKey, places);
    client.setQueryData<AccountView>(accountKey, (account) => (account ? { ...account, places } : account));
  };
}

export function useSavePlace() {
  const answer = usePlacesAnswer();
  return useMutation({
    mutationFn: ({ kind, place }: { kind: SavedPlaceKind; place: SavedPlaceInput }) =>
      api<{ places: SavedPlaceView[] }>(`/api/account/places/${kind}`, { method: 'PUT', body: place }),
    onSuccess: answer,
  });
}

export function useRemovePlace() {
  const answer = usePlacesAnswer();
  return useMutation({
    mutationFn: (kind: SavedPlaceKind) => api<{ places: SavedPlaceView[] }>(`/api/account/places/${kind}`, { method: 'DELETE' }),
    onSuccess: answer,
  });
}

function useContactsAnswer() {
  const client = useQueryClient();
  return ({ emergency_contacts }: { emergency_contacts: EmergencyContactView[] }) =>
    client.setQueryData<AccountView>(accountKey, (account) => (account ? { ...account, emergency_contacts } : account));
}

export function useAddContact() {
  const answer = useContactsAnswer();
  return useMutation({
    mutationFn: (input: EmergencyContactInput) =>
      api<{ emergency_contacts: EmergencyContactView[] }>('/api/account/emergency-contacts', { method: 'POST', body: input }),
    onSuccess: answer,
  });
}

export function useRemoveContact() {
  const answer = useContactsAnswer();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ emergency_contacts: EmergencyContactView[] }>(`/api/account/emergency-contacts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: answer,
  });
}

export function useUpdatePrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPrefsUpdate) =>
      api<{ notification_preferences: NotificationPrefs }>('/api/account/notification-preferences', { method: 'PUT', body: update }),
    onSuccess: ({ notification_preferences }) =>
      client.setQueryData<AccountView>(accountKey, (account) => (account ? { ...account, notification_preferences } : account)),
  });
}
