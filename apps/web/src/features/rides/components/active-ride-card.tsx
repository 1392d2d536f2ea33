import { Link } from 'react-router';
import { riderText } from '@openride/shared/rides/rider-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { paths } from '@/config/paths';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { placeLabel } from '../lib/format';

const text = riderText.active;

/** Shown instead of the booking form while the rider already has a ride that has not ended. */
export function ActiveRideCard({ ride }: { ride: Ride }) {
  return (
    <section aria-labelledby="active-ride-title" className="space-y-4 rounded-3xl border border-brand-100 bg-brand-50 p-5">
      <div className="space-y-1">
        <h2 id="active-ride-title" className="text-lg font-semibold text-ink-900">
          {text.title}
        </h2>
        <p className="text-sm font-medium text-brand-700">{ride.status_label}</p>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="w-12 shrink-0 text-ink-500">{text.from}</dt>
          <dd className="min-w-0 truncate text-ink-900">{placeLabel(ride.pickup)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-12 shrink-0 text-ink-500">{text.to}</dt>
          <dd className="min-w-0 truncate text-ink-900">{placeLabel(ride.destination)}</dd>
        </div>
      </dl>
      <Link to={ride.viewer === 'driver' ? paths.driverRide(ride.id) : paths.trackRide(ride.id)} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        {text.track}
      </Link>
    </section>
  );
}
