import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@openride/shared/privacy/schemas';
import { call, hrefOf } from '@/lib/call';

/** The file "Download my data" fetches (a link, not a fetch: the server answers an attachment the browser saves). */
export const DATA_EXPORT_URL = hrefOf('GET /api/me/export');

/** POST /api/me/delete: on success the server has ended every session; the app starts again signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => call('POST /api/me/delete', { body: input }),
    onSuccess: () => window.location.assign('/'),
  });
}
