import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefsUpdate, SavedPlaceInput, SavedPlaceKind, EmergencyContactInput } from '@openride/shared/account/schemas';
import type { AccountView, EmergencyContactView, SavedPlaceView } from '@openride/shared/account/views';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';

export type { AccountView, EmergencyContactView, SavedPlaceView };

export const accountKey = ['account'] as const;
export const placesKey = ['account', 'places'] as const;

/** GET /api/account: everything /account-settings shows, the caller's own. */
export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => call('GET /api/account', {}, { signal }).then((r) => r.account),
  });
}

/** GET /api/account/places: Home and Work, offered first on /book-ride (composed there by the route module). */
export function useSavedPlaces(enabled = true) {
  return useQuery({
    queryKey: placesKey,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => call('GET /api/account/places', {}, { signal }).then((r) => r.places),
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
    mutationFn: (patch: { full_name?: string; avatar_file_id?: string | null }) => call('PATCH /api/account/profile', { body: patch }).then((r) => r.account),
    onSuccess: answer,
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => call('POST /api/account/phone/code', { body: { phone } }) });
}

export function useChangePhone() {
  const answer = useAccountAnswer();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) => call('POST /api/account/phone', { body: input }).then((r) => r.account),
    onSuccess: answer,
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (email: string) => call('POST /api/account/email', { body: { email } }) });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) => call('POST /api/account/password', { body: input }),
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
    mutationFn: ({ kind, place }: { kind: SavedPlaceKind; place: SavedPlaceInput }) => call('PUT /api/account/places/:kind', { params: { kind }, body: place }),
    onSuccess: answer,
  });
}

export function useRemovePlace() {
  const answer = usePlacesAnswer();
  return useMutation({
    mutationFn: (kind: SavedPlaceKind) => call('DELETE /api/account/places/:kind', { params: { kind } }),
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
    mutationFn: (input: EmergencyContactInput) => call('POST /api/account/emergency-contacts', { body: input }),
    onSuccess: answer,
  });
}

export function useRemoveContact() {
  const answer = useContactsAnswer();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/account/emergency-contacts/:id', { params: { id } }),
    onSuccess: answer,
  });
}

export function useUpdatePrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPrefsUpdate) => call('PUT /api/account/notification-preferences', { body: update }),
    onSuccess: ({ notification_preferences }) =>
      client.setQueryData<AccountView>(accountKey, (account) => (account ? { ...account, notification_preferences } : account)),
  });
}
