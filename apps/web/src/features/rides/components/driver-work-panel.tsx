import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Radar } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { driverText } from '@openride/shared/rides/driver-text';
import { RideMap } from '@/components/map/ride-map';
import { buttonClasses } from '@/components/ui/button-classes';
import { TaskScreen } from '@/components/ui/task-screen';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { RECONNECTED_EVENT, useRealtimeEvent } from '@/lib/realtime';
import { useActiveRide } from '../api/get-active-ride';
import { useOpenOffer } from '../api/get-offer';
import { useAcceptOffer, useDeclineOffer } from '../api/respond-to-offer';
import { rideKeys } from '../api/ride-keys';
import type { RideView as Ride, RideOfferView as RideOffer } from '@openride/shared/rides/views';
import { useLocationReporting } from '../hooks/use-location-reporting';
import { LocationStatus } from './location-status';
import { OfferCard } from './offer-card';

const text = driverText;

/** The active ride is this driver's (GET /api/rides/active answers the rider's own ride first). */
function isDrivingIt(ride: Ride | null | undefined, driverId: string): ride is Ride {
  if (!ride) return false;
  return (ride.driver?.id ?? ride.driver_id) === driverId;
}

/**
 * The working part of /driver-active: location sharing while online, the offer card when dispatch offers
 * this driver a ride, and the way back to a ride already under way.
 */
export function DriverWorkPanel({ driverId, online, top, bottom }: { driverId: string; online: boolean; top?: ReactNode; bottom?: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const activeRide = useActiveRide(true);
  const ride = isDrivingIt(activeRide.data, driverId) ? activeRide.data : null;
  const onRide = ride !== null;
  const location = useLocationReporting(online || onRide);
  const offer = useOpenOffer(online && !onRide);
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();

  useRealtimeEvent('ride.offer', (data) => {
    client.setQueryData(rideKeys.offer, data.offer);
  });
  useRealtimeEvent('ride.offer_closed', (data) => {
    client.setQueryData<RideOffer | null>(rideKeys.offer, (current) =>
      current && (current.id === data.offer_id || current.ride_id === data.ride_id) ? null : current,
    );
  });
  useRealtimeEvent('ride.changed', () => void client.invalidateQueries({ queryKey: rideKeys.active }));
  useRealtimeEvent(RECONNECTED_EVENT, () => {
    void client.invalidateQueries({ queryKey: rideKeys.offer });
    void client.invalidateQueries({ queryKey: rideKeys.active });
  });

  const current = online && !onRide ? offer.data : null;
  const dropOffer = (id: string) => client.setQueryData<RideOffer | null>(rideKeys.offer, (o) => (o?.id === id ? null : o));

  const onAccept = (o: RideOffer) =>
    accept.mutate(o.ride_id, {
      onSuccess: ({ ride }) => navigate(paths.driverRide(ride.id)),
      onError: (error) => {
        if (isApiError(error, 409)) toast({ title: text.offer.noLongerAvailable });
        else toast({ title: text.offer.acceptFailed, variant: 'destructive' });
        void client.invalidateQueries({ queryKey: rideKeys.active });
      },
    });

  const onDecline = (o: RideOffer) =>
    decline.mutate(o.ride_id, {
      // The card is gone already; a failed decline only means the offer runs out on its own.
      onError: (error) => console.warn('[offer] decline failed', error),
    });

  return (
    <TaskScreen
      map={<RideMap label={text.map.label} driver={location.position} pickup={current?.pickup ?? null} destination={current?.destination ?? null} />}
      sheetClassName="space-y-5"
    >
      {top}
      {ride ? (
        <section aria-labelledby="current-ride-title" className="rounded-3xl bg-ink-900 p-6 text-white shadow-lg">
          <h2 id="current-ride-title" className="text-lg font-bold">
            {text.current.title}
          </h2>
          <p className="mt-1 text-sm text-ink-300">{ride.status_label}</p>
          <Link to={paths.driverRide(ride.id)} className={buttonClasses({ variant: 'accent', size: 'lg', className: 'mt-4 w-full' })}>
            {text.current.continue}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </section>
      ) : null}
      <LocationStatus report={location} />
      {/* Without a position dispatch cannot find this driver: no promise of ride requests then. */}
      {online && !onRide && !current && (location.status === 'sharing' || location.status === 'locating') ? (
        <p className="flex items-center gap-3 rounded-2xl border border-dashed border-ink-300 px-4 py-4 text-sm text-ink-600">
          <Radar className="size-5 shrink-0 animate-pulse text-brand-600" aria-hidden="true" />
          {text.offer.waiting}
        </p>
      ) : null}
      {current ? (
        <OfferCard
          key={current.id}
          offer={current}
          busy={accept.isPending || decline.isPending}
          onAccept={() => onAccept(current)}
          onDecline={() => onDecline(current)}
          onExpire={() => dropOffer(current.id)}
        />
      ) : null}
      {bottom}
    </TaskScreen>
  );
}
