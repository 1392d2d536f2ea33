import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /api/admin-password-reset: answers the same whatever the email. */
export function useRequestAdminReset() {
  return useMutation({ mutationFn: (email: string) => call('POST /api/admin-password-reset', { body: { email } }) });
}

/** POST /api/admin-password-reset/confirm: the link's token sets the new password once. */
export function useConfirmAdminReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => call('POST /api/admin-password-reset/confirm', { body: input }),
  });
}
