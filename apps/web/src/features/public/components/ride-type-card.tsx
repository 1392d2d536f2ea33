import type { ReactNode } from 'react';
import { Moon, Users } from 'lucide-react';
import { publicText } from '@openride/shared/public/public-text';
import type { PublicRideType } from '@openride/shared/public/views';
import { formatMoney, formulaWords } from '../lib/format';

/**
 * One ride type as a card: its name, seats and what it is for; `children` adds what the page wants under it
 * (the formula and zone prices on /pricing, "from $X" on /services). A region named by the ride type.
 */
export function RideTypeCard({ rideType, children }: { rideType: PublicRideType; children?: ReactNode }) {
  const headingId = `ride-type-${rideType.ride_type}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-3xl border border-ink-200 bg-white p-5 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-xl font-bold text-ink-900">
          {rideType.name}
        </h3>
        <span className="inline-flex items-center gap-1 text-sm text-ink-600">
          <Users className="size-4" aria-hidden="true" />
          {publicText.seats(rideType.seats)}
        </span>
      </div>
      <p className="mt-1 text-ink-700">{rideType.description}</p>
      {children}
    </section>
  );
}

/** The fare formula of the city default in force, its night window, and each pricing zone's own formula. */
export function RideTypeFormula({ rideType, currency }: { rideType: PublicRideType; currency: string }) {
  return (
    <div className="mt-3 space-y-2 text-sm">
      <p className="font-medium break-words text-ink-900">{formulaWords(rideType.fare, currency)}</p>
      {rideType.fare.night ? (
        <p className="flex items-start gap-1.5 text-ink-700">
          <Moon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{publicText.night(rideType.fare.night)}</span>
        </p>
      ) : null}
      {rideType.zones.length > 0 ? (
        <div className="rounded-2xl bg-ink-50 p-3">
          <p className="text-ink-700">{publicText.zonePrices}</p>
          <ul className="mt-1 space-y-1.5">
            {rideType.zones.map((z) => (
              <li key={z.zone_id} className="break-words">
                <span className="font-semibold text-ink-900">{z.zone_name}:</span> {formulaWords(z.fare, currency)}
                {z.fare.night ? <span className="block text-ink-600">{publicText.night(z.fare.night)}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** "from $10.50": the minimum fare plus the booking fee of the city default in force. */
export function FromPrice({ rideType, currency }: { rideType: PublicRideType; currency: string }) {
  return <p className="mt-3 text-lg font-semibold text-ink-900">{publicText.from(formatMoney(rideType.from_cents, currency))}</p>;
}
