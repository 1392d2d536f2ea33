import { Loader2 } from 'lucide-react';
import { riderText } from '@openride/shared/rides/rider-text';
import { Button } from '@/components/ui/button';
import { MutationError } from '@/components/ui/query-view';

const text = riderText.book;

/**
 * The booking page's foot: why the ride cannot be requested (a company's policy, a failed request), a fee
 * owed from an earlier ride (`owedFee`, formatted), and the Request button.
 */
export function RequestBar({
  refusedBy,
  requestError,
  owedFee,
  disabled,
  pending,
  onRequest,
}: {
  refusedBy: string | null;
  requestError: string | null;
  owedFee: string | null;
  disabled: boolean;
  pending: boolean;
  onRequest: () => void;
}) {
  return (
    // Stays in reach of a thumb while the ride types scroll under it; a failed request is said right above
    // the button that was tapped, where the eye is (issue 17 §3).
    <div className="sticky bottom-0 -mx-4 space-y-2 bg-white/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur lg:-mx-6 lg:px-6">
      <MutationError error={refusedBy} className="font-medium">
        {refusedBy}
      </MutationError>
      <MutationError error={requestError} className="font-medium">
        {requestError}
      </MutationError>
      {owedFee ? <p className="rounded-2xl bg-amber-50 p-3 text-sm font-medium text-amber-900">{text.owedFee(owedFee)}</p> : null}
      <Button size="lg" className="w-full" disabled={disabled} onClick={onRequest}>
        {pending ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {text.requesting}
          </>
        ) : (
          text.requestRide
        )}
      </Button>
    </div>
  );
}
