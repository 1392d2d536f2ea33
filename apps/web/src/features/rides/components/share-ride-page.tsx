import { Car, Loader2 } from 'lucide-react';
import { useParams } from 'react-router';
import { isTerminal } from '@openride/shared/rides/ride-state';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { riderText } from '@openride/shared/rides/rider-text';
import { Alert } from '@/components/ui/alert';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageTitle } from '@/components/ui/page';
import { isApiError } from '@/lib/api';
import { useSharedRide } from '../api/get-shared-ride';
import type { RidePlace, SharedRide } from '@openride/shared/rides/views';
import { minutesOf, placeLabel } from '../lib/format';

const text = riderText.share;

const pointOf = (place: RidePlace | null | undefined) => (place && Number.isFinite(place.lat) && Number.isFinite(place.lng) ? place : null);

/** /share/:token: anyone with the link follows the trip, read-only, without signing in. */
export function ShareRidePage() {
  const { token } = useParams();
  const shared = useSharedRide(token);

  if (shared.isPending) return <LoadingScreen />;
  if (isApiError(shared.error, 404) || (!shared.data && !shared.isError)) {
    return (
      <PageContainer className="max-w-lg text-center">
        <PageTitle title={text.title} />
        <h1 className="text-2xl font-bold text-ink-900">{text.expired}</h1>
      </PageContainer>
    );
  }
  if (!shared.data) {
    return (
      <PageContainer className="max-w-lg">
        <PageTitle title={text.title} />
        <Alert tone="box">{text.loadFailed}</Alert>
        <Button className="mt-4" variant="outline" onClick={() => void shared.refetch()}>
          {riderText.book.retry}
        </Button>
      </PageContainer>
    );
  }
  return <SharedTrip ride={shared.data} />;
}

function SharedTrip({ ride }: { ride: SharedRide }) {
  const pickup = pointOf(ride.pickup);
  const destination = pointOf(ride.destination);
  const live = !isTerminal(ride.status);
  const driverAt = live ? (ride.driver_location ?? null) : null;
  const from = ride.pickup?.label ?? ride.pickup_label ?? placeLabel(pickup);
  const to = ride.destination?.label ?? ride.dropoff_label ?? placeLabel(destination);
  const eta =
    ride.eta_s == null
      ? null
      : ride.status === 'in_progress'
        ? riderText.track.arriveAt(minutesOf(ride.eta_s))
        : ride.status === 'accepted'
          ? riderText.track.arrivingIn(minutesOf(ride.eta_s))
          : null;

  return (
    <div className="flex flex-col lg:h-[calc(100dvh-var(--spacing-nav))] lg:flex-row">
      <PageTitle title={text.title} />
      <RideMap
        className="h-[40dvh] min-h-56 shrink-0 lg:h-full lg:flex-1"
        pickup={ride.status === 'in_progress' ? null : pickup}
        destination={destination}
        driver={driverAt}
      />
      <div className="relative z-10 -mt-5 space-y-5 rounded-t-3xl bg-white px-4 pt-5 pb-10 shadow-[0_-8px_24px_rgba(2,6,23,0.08)] lg:mt-0 lg:w-[26rem] lg:rounded-none lg:px-6 lg:shadow-none">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{text.title}</p>
        <div role="status" aria-live="polite" className="space-y-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink-900">
            {ride.status === 'requested' ? <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" /> : null}
            {ride.status_label}
          </h1>
          {eta ? <p className="text-sm font-medium text-brand-700">{eta}</p> : null}
        </div>
        {ride.driver || ride.status === 'requested' ? (
          <section className="rounded-2xl border border-ink-100 p-4">
            <h2 className="text-sm text-ink-500">{text.driver}</h2>
            {ride.driver ? (
              <>
                <p className="font-semibold text-ink-900">{ride.driver.first_name}</p>
                <p className="flex items-center gap-1.5 text-sm text-ink-600">
                  <Car className="size-4 shrink-0" aria-hidden="true" />
                  {ride.driver.vehicle}
                </p>
              </>
            ) : (
              <p className="text-ink-700">{text.noDriverYet}</p>
            )}
          </section>
        ) : null}
        <dl className="divide-y divide-ink-100 text-sm">
          <div className="flex gap-3 py-2">
            <dt className="w-24 shrink-0 text-ink-500">{riderText.track.from}</dt>
            <dd className="min-w-0 flex-1 text-ink-900">{from}</dd>
          </div>
          <div className="flex gap-3 py-2">
            <dt className="w-24 shrink-0 text-ink-500">{riderText.track.to}</dt>
            <dd className="min-w-0 flex-1 text-ink-900">{to}</dd>
          </div>
          <div className="flex gap-3 py-2">
            <dt className="w-24 shrink-0 text-ink-500">{text.rideType}</dt>
            <dd className="min-w-0 flex-1 text-ink-900">{RIDE_TYPE_NAMES[ride.ride_type]}</dd>
          </div>
        </dl>
        {live ? <p className="text-xs text-ink-500">{text.live}</p> : null}
      </div>
    </div>
  );
}
