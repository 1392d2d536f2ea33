import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@openride/shared/privacy/schemas';
import { api } from '@/lib/api';

/** The file "Download my data" fetches (an attachment: the browser saves it). */
export const DATA_EXPORT_URL = '/api/me/export';

/** POST /api/me/delete: on success the server has ended every session; the app starts again signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<{ deleted: true }>('/api/me/delete', { method: 'POST', body: input }),
    onSuccess: () => window.location.assign('/'),
  });
}
