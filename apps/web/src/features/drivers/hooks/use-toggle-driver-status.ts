import { messages } from '@openride/shared/messages';
import { toast } from '@/components/ui/use-toast';
import type { DriverRecord } from '../api/get-my-driver';
import { useUpdateDriverStatus } from '../api/update-driver-status';

/**
 * Flip a driver offline ⇄ available (§4). Going online needs an approved record (§3); a driver who is not
 * approved gets the §8 'Application Pending' toast, as the home page's 'Go Online - Driver' gives, instead
 * of a request the server is bound to refuse. Going offline is always allowed.
 */
export function useToggleDriverStatus() {
  const update = useUpdateDriverStatus();
  return (driver: DriverRecord, online: boolean) => {
    if (online && driver.verification_status !== 'approved') {
      toast({ title: messages.errors.applicationPending.title, description: messages.errors.applicationPending.text(driver.verification_status) });
      return;
    }
    update.mutate({ id: driver.id, status: online ? 'available' : 'offline' });
  };
}
