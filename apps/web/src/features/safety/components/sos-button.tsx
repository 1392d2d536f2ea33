import { useState } from 'react';
import { PhoneCall, Siren } from 'lucide-react';
import { sosText } from '@openride/shared/safety/sos-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api';
import { useMySos, useRaiseSos } from '../api/my-sos';

const text = sosText.button;

/**
 * The SOS button of a ride under way (decision 0061), for its rider (track page) and its driver (ride view):
 * a confirmation that says exactly what happens, then a persistent "SOS sent" state with a call link to the
 * emergency number. It works before its state has loaded: a press never waits for a read.
 */
export function SosButton({ rideId }: { rideId: string }) {
  const state = useMySos(rideId);
  const raise = useRaiseSos(rideId);
  const [confirming, setConfirming] = useState(false);
  // The press's answer lands in the query's data (useRaiseSos); an operator's close refetches it.
  const alert = state.data?.alert ?? null;
  const number = state.data?.emergency_number ?? raise.data?.emergency_number ?? null;

  if (alert?.status === 'open') {
    return (
      <section aria-label={text.hint} className="rounded-2xl border-2 border-red-700 bg-red-50 p-4">
        <p role="status" className="flex items-center gap-2 text-lg font-bold text-red-800">
          <Siren className="size-5 shrink-0" aria-hidden="true" />
          {text.sent}
        </p>
        {raise.data && !raise.data.repeated && raise.data.alert.id === alert.id ? (
          <p className="mt-1 text-sm text-red-900">{text.sentContacts(raise.data.contacts_texted)}</p>
        ) : null}
        {number ? (
          <>
            <p className="mt-2 text-sm text-red-900">{text.callHint}</p>
            <a
              href={`tel:${number}`}
              className="mt-2 flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-red-700 px-4 text-base font-bold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              <PhoneCall className="size-5" aria-hidden="true" />
              {text.call(number)}
            </a>
          </>
        ) : null}
      </section>
    );
  }

  const failed = raise.error ? (isApiError(raise.error) && raise.error.message) || text.failed : null;
  return (
    <>
      <Button
        type="button"
        size="lg"
        variant="destructive"
        aria-label={`${text.label} — ${text.hint}`}
        className="h-14 w-full text-lg font-extrabold tracking-widest"
        onClick={() => {
          raise.reset();
          setConfirming(true);
        }}
      >
        <Siren className="size-6" aria-hidden="true" />
        {text.label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title={text.confirmTitle}
        description={
          <>
            <span className="block space-y-1">
              {text.confirmItems(state.data?.contacts ?? null).map((line) => (
                <span key={line} className="block">
                  • {line}
                </span>
              ))}
            </span>
            <Alert as="span" className="mt-2 block">
              {failed}
            </Alert>
          </>
        }
        confirmLabel={raise.isPending ? text.sending : text.confirm}
        cancelLabel={text.keep}
        variant="destructive"
        busy={raise.isPending}
        onConfirm={() => raise.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}
