import { messages } from '@openride/shared/messages';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { isApiError } from '@/lib/api';
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
  const toggle = (driver: DriverRecord, online: boolean) => {
    if (online && driver.verification_status !== 'approved') {
      toast({ title: messages.errors.applicationPending.title, description: messages.errors.applicationPending.text(driver.verification_status) });
      return;
    }
    update.mutate(
      { id: driver.id, status: online ? 'available' : 'offline' },
      {
        // The one refusal a driver must read (decision 0040): how much they owe and how to pay. The page
        // also shows it under the switch until the next try.
        onError: (error) => {
          if (isApiError(error) && error.code === 'DRIVER_BALANCE_OVERDUE') toast({ title: payoutsText.earnings.blockedTitle, description: error.message, variant: 'destructive' });
        },
      },
    );
  };
  /** The refusal of the last try when the balance keeps the driver offline, else null. */
  const overdue = isApiError(update.error) && update.error.code === 'DRIVER_BALANCE_OVERDUE' ? update.error.message : null;
  return Object.assign(toggle, { overdue });
}
