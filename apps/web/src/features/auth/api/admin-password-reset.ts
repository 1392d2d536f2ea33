import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/admin-password-reset: answers the same whatever the email. */
export function useRequestAdminReset() {
  return useMutation({ mutationFn: (email: string) => api<{ ok: true }>('/api/admin-password-reset', { method: 'POST', body: { email } }) });
}

/** POST /api/admin-password-reset/confirm: the link's token sets the new password once. */
export function useConfirmAdminReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api<{ ok: true }>('/api/admin-password-reset/confirm', { method: 'POST', body: input }),
  });
}
