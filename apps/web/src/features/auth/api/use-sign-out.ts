import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages } from '@openride/shared/messages';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';

/** Signs out, forgets everything cached for the user, toasts 'Signed Out', then goes to `redirectTo`. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ redirectTo = '/' }: { redirectTo?: string | null } = {}) => {
    const { error } = await import('@/lib/auth-client').then(({ authClient }) => authClient.signOut()).catch((cause: unknown) => ({ error: cause }));
    if (error) console.warn('[auth] sign-out failed', error);
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ queryKey: queryKeys.driver });
    queryClient.removeQueries({ queryKey: queryKeys.notifications });
    queryClient.removeQueries({ queryKey: ['admin'] });
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    toast({ title: messages.success.signedOut.title });
    if (redirectTo) navigate(redirectTo);
  };
}
