import type { Dispatch, SetStateAction } from 'react';
import type { PaymentChoice } from '@openride/shared/payments/schemas';
import { Loader2 } from 'lucide-react';
import { riderText } from '@openride/shared/rides/rider-text';
import type { RideType } from '@openride/shared/rides/schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isRefusal } from '@/lib/api';
import { errorText } from '@openride/shared/error-text';
import type { AppliedPromo, useApplyPromo } from '../api/apply-promo';
import type { useRideQuote } from '../api/quote-ride';
import type { useRequestRide } from '../api/request-ride';
import type { FieldState } from '../lib/booking-fields';
import type { PaymentSlot, RideTypeVerdicts } from './book-ride-slots';
import { PromoCodeField } from './promo-code-field';
import { PaymentRow, RideOptions } from './ride-options';

const text = riderText.book;

type Quote = ReturnType<typeof useRideQuote>;

/**
 * Under the place fields: what the booking page says of the trip chosen so far, from "choose both places" to
 * the priced ride types with the promo code and the payment picker.
 */
export function QuoteArea({
  pickup,
  destination,
  samePlace,
  quote,
  quoteReady,
  selected,
  setRideType,
  request,
  business,
  promo,
  setPromo,
  applyPromo,
  verdicts,
  Payment,
  paying,
  setPaying,
}: {
  pickup: FieldState;
  destination: FieldState;
  samePlace: boolean;
  quote: Quote;
  quoteReady: boolean;
  selected: NonNullable<Quote['data']>['options'][number] | undefined;
  setRideType: (rideType: RideType) => void;
  request: ReturnType<typeof useRequestRide>;
  business: boolean;
  promo: AppliedPromo | null;
  setPromo: Dispatch<SetStateAction<AppliedPromo | null>>;
  applyPromo: ReturnType<typeof useApplyPromo>;
  verdicts: RideTypeVerdicts;
  Payment?: PaymentSlot;
  paying: PaymentChoice;
  setPaying: (choice: PaymentChoice) => void;
}) {
  if (!pickup.point || !destination.point) {
    return <p className="text-sm text-ink-500">{text.chooseBoth}</p>;
  }
  if (samePlace) {
    return <Alert>{text.samePlace}</Alert>;
  }
  if (quote.isError) {
    // A refusal the rider can act on reads its code's words (outside the area, a ride type not offered);
    // anything else is a failure to reach us, with a retry.
    const quoteRefusal = isRefusal(quote.error) ? errorText(quote.error.code!) : null;
    return (
      <Alert as="div" tone="box" className="space-y-2">
        <p className="font-medium">{quoteRefusal ?? text.quoteFailed}</p>
        {quoteRefusal ? null : (
          <Button variant="outline" size="sm" onClick={() => void quote.refetch()}>
            {text.retry}
          </Button>
        )}
      </Alert>
    );
  }
  if (!quoteReady) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {text.quoting}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <RideOptions
        quote={quote.data!}
        selected={selected?.ride_type ?? 'economy'}
        onSelect={setRideType}
        disabled={request.isPending}
        promo={business ? null : promo}
        verdicts={verdicts}
      />
      {business ? null : (
        <PromoCodeField
          applied={promo}
          applying={applyPromo.isPending}
          error={applyPromo.error}
          disabled={request.isPending}
          onApply={(code) =>
            pickup.point && destination.point && applyPromo.mutate({ code, pickup: pickup.point, destination: destination.point }, { onSuccess: setPromo })
          }
          onRemove={() => {
            setPromo(null);
            applyPromo.reset();
          }}
        />
      )}
      {Payment ? (
        <Payment
          currency={quote.data!.currency}
          totalCents={
            (selected?.fare_cents ?? 0) - (promo?.options.find((o) => o.ride_type === selected?.ride_type)?.discount_cents ?? 0) + quote.data!.owed_fee_cents
          }
          value={paying}
          onChange={setPaying}
          disabled={request.isPending}
        />
      ) : (
        <PaymentRow />
      )}
    </div>
  );
}
