import { errorText } from '@openride/shared/error-text';
import type { ErrorCode } from '@openride/shared/errors';
import { messages } from '@openride/shared/messages';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { uiText } from '@openride/shared/ui-text';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import type { DriverRecord } from '../api/get-my-driver';
import { useUpdateDriverStatus } from '../api/update-driver-status';

const refused = uiText.driverActive.refused;

/**
 * Every refusal to go online by the marketplace's rules, in one place (decision 0081): its title and the
 * link to the fix. The sentence is the server's message (the papers missing, the amount owed), else the
 * code's error-text words. A code listed with no link has nothing to do but wait.
 */
const GO_ONLINE_REFUSALS: Partial<Record<ErrorCode, { title: string; fix: { to: string; label: string } | null }>> = {
  DRIVER_ON_HOLD: { title: refused.title, fix: { to: '/driver-documents-upload', label: refused.toDocuments } },
  DRIVER_BALANCE_OVERDUE: { title: payoutsText.earnings.blockedTitle, fix: { to: '/driver-earnings', label: payoutsText.earnings.title } },
  DRIVER_CITY_UNKNOWN: { title: refused.title, fix: { to: paths.driver, label: refused.toCity } },
  DRIVER_NOT_APPROVED: { title: messages.errors.applicationPending.title, fix: null },
  DRIVER_SUSPENDED: { title: uiText.driverActive.suspendedTitle, fix: { to: paths.supportTickets, label: refused.toSupport } },
};

/** Why going online was refused and where to fix it, shown under the switch until the next try. */
export type GoOnlineRefusal = { code: string; title: string; message: string; fix: { to: string; label: string } | null };

/** The rule refusal an error is, or null (a failure — network, 500 — is not one: it is only logged). */
export function goOnlineRefusalOf(error: unknown): GoOnlineRefusal | null {
  if (!isApiError(error) || !error.code || !Object.hasOwn(GO_ONLINE_REFUSALS, error.code)) return null;
  const { title, fix } = GO_ONLINE_REFUSALS[error.code as ErrorCode]!;
  return { code: error.code, title, message: error.message || errorText(error.code), fix };
}

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
        // A refusal is an answer the driver must read (decisions 0040, 0081): a toast wherever the switch is,
        // and `refusal` for the pages that show it under the switch with the link to the fix.
        onError: (error) => {
          const refusal = goOnlineRefusalOf(error);
          if (refusal) toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
        },
      },
    );
  };
  /** The refusal of the last try, else null. */
  const refusal = goOnlineRefusalOf(update.error);
  return Object.assign(toggle, { refusal });
}
