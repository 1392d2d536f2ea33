import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { errorText } from '@openride/shared/error-text';
import { publicText } from '@openride/shared/public/public-text';
import type { Place } from '@openride/shared/rides/schemas';
import { surgeText } from '@openride/shared/surge/surge-text';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { buttonClasses } from '@/components/ui/button-classes';
import { paths } from '@/config/paths';
import { isApiError, isRefusal } from '@/lib/api';
import { type EstimateTrip, useFareEstimate } from '../api/estimate-fare';
import { formatMoney } from '../lib/format';

const text = publicText.pricing;

/** What the estimator needs of a place input: the page composing it supplies one (the rides' place search). */
export type PlaceInputProps = {
  label: string;
  placeholder: string;
  marker: 'pickup' | 'destination';
  value: string;
  /** True when `value` names a chosen place. */
  chosen: boolean;
  onType: (value: string) => void;
  onChoose: (place: Place) => void;
  onClear: () => void;
};
export type PlaceInput = ComponentType<PlaceInputProps>;

type FieldState = { text: string; place: Place | null };
const EMPTY: FieldState = { text: '', place: null };

const km = (m: number) => `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;
const minutes = (s: number) => `${Math.max(1, Math.round(s / 60))} min`;

/** Two places → the fare of every ride type now, surge shown when above 1.0× (the rider's quote for the trip). */
export function FareEstimator({ placeInput: PlaceField }: { placeInput: PlaceInput }) {
  const [pickup, setPickup] = useState<FieldState>(EMPTY);
  const [destination, setDestination] = useState<FieldState>(EMPTY);
  const trip: EstimateTrip | null = pickup.place && destination.place ? { pickup: pickup.place, destination: destination.place } : null;
  const estimate = useFareEstimate(trip);
  const fields = [
    { state: pickup, set: setPickup, label: text.pickup, placeholder: text.pickupPlaceholder, marker: 'pickup' as const },
    { state: destination, set: setDestination, label: text.destination, placeholder: text.destinationPlaceholder, marker: 'destination' as const },
  ];

  const result = !trip ? (
    <p className="text-sm text-ink-600">{text.choosePlaces}</p>
  ) : (
    <QueryView
      query={estimate}
      loadFailed={text.estimateFailed}
      loadingClassName="min-h-24"
      errorView={(error) => (
        <MutationError error={error} fallback={text.estimateFailed} className="font-medium">
          {isRefusal(error) ? errorText(error.code!) : isApiError(error) && error.status === 0 ? error.message : text.estimateFailed}
        </MutationError>
      )}
    >
      {(e) => {
        const surging = e.surge.multiplier_tenths > 10;
        return (
          <section aria-labelledby="estimate-heading" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 id="estimate-heading" className="text-lg font-semibold text-ink-900">
                {text.fares}
              </h3>
              <p className="text-sm text-ink-600">{text.trip(km(e.distance_m), minutes(e.duration_s))}</p>
            </div>
            {surging ? <p className="rounded-2xl bg-amber-50 p-3 text-sm font-medium text-amber-900">{surgeText.rider.sentence}</p> : null}
            <ul className="space-y-2">
              {e.options.map((o) => (
                <li key={o.ride_type} className="flex items-center gap-3 rounded-2xl border border-ink-200 px-3.5 py-3">
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2">
                      <span className="font-semibold text-ink-900">{o.name}</span>
                      <span className="inline-flex items-center gap-0.5 text-xs text-ink-600">
                        <Users className="size-3.5" aria-hidden="true" />
                        <span aria-hidden="true">{o.seats}</span>
                        <span className="sr-only">{publicText.seats(o.seats)}</span>
                      </span>
                    </span>
                    {surging ? <span className="block text-sm font-medium text-amber-800">{surgeText.rider.badge(e.surge.multiplier_tenths)}</span> : null}
                  </span>
                  <span className="text-base font-bold text-ink-900 tabular-nums">{formatMoney(o.fare_cents, e.currency)}</span>
                </li>
              ))}
            </ul>
            <Link to={paths.bookRide} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
              {text.bookCta}
            </Link>
          </section>
        );
      }}
    </QueryView>
  );

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((f) => (
          <PlaceField
            key={f.marker}
            label={f.label}
            placeholder={f.placeholder}
            marker={f.marker}
            value={f.state.text}
            chosen={Boolean(f.state.place)}
            onType={(value) => f.set({ text: value, place: null })}
            onChoose={(place) => f.set({ text: place.label ?? '', place })}
            onClear={() => f.set(EMPTY)}
          />
        ))}
      </div>
      <div aria-live="polite">{result}</div>
    </div>
  );
}
