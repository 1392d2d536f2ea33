import { callText } from '@openride/shared/rides/call-text';
import { Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAppConfig } from '@/lib/app-config';
import { useCallParty } from '../api/call-party';
import { MutationError } from '@/components/ui/query-view';

/**
 * Call the other party through the platform's number (issue 17 §10, decision 0034). Only when the
 * deployment has a telephony provider: otherwise there is no button at all, never a broken one.
 */
export function CallButton({ rideId, otherName }: { rideId: string; otherName: string }) {
  const config = useAppConfig();
  const call = useCallParty(rideId);
  if (!config.data?.calls) return null;
  // A fragment: in a wrapping row the button sits beside the phone number and the outcome takes a line of its own.
  return (
    <>
      <Button variant="outline" size="sm" className="min-h-11 min-w-11" disabled={call.isPending} onClick={() => call.mutate()}>
        <Phone className="size-4" aria-hidden="true" />
        {callText.call(otherName)}
      </Button>
      <p role="status" className="basis-full text-sm text-ink-600 empty:hidden">
        {call.isSuccess ? callText.calling(otherName) : null}
      </p>
      <MutationError error={call.error} className="basis-full" />
    </>
  );
}
