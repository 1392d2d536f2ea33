import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, LifeBuoy, Phone, UserRound } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { supportText } from '@openride/shared/support/support-text';
import { driverText } from '@openride/shared/rides/driver-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonClasses } from '@/components/ui/button-classes';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { UpdatedAgo } from '@/components/ui/updated-ago';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { useRouteLine } from '../api/get-route';
import { type RideAction, useRideAction } from '../api/ride-actions';
import { rideKeys } from '../api/ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { useLiveRide } from '../hooks/use-live-ride';
import { useLocationReporting } from '../hooks/use-location-reporting';
import { useUnreadPill } from '../hooks/use-unread-pill';
import { cancelledText, directionsUrl } from '../lib/driver-ride-text';
import { formatDistance, formatDuration, formatMoney, placeLabel } from '../lib/format';
import { isDriverAssigned } from '../lib/ride-status';
import { CallButton } from './call-button';
import { onOurClock } from '../lib/server-clock';
import { Message, Shell } from './driver-ride-shell';
import { LocationStatus } from './location-status';
import { NewMessagePill } from './new-message-pill';
import { NoShow } from './no-show';
import { PinForm } from './pin-form';
import { RideChat } from './ride-chat';
import { RideComplete } from './ride-complete';

const text = driverText.ride;

/**
 * /driver-ride/:bookingId (and /driver-ride-view?booking=…, where a driver_message push lands): the driver's
 * side of one ride, from the way to the pickup to the rating. Location keeps flowing while the ride is live.
 */
/**
 * What the safety feature shows during the ride, composed by the route module: `safetyAlert` at the top (ride
 * check's "Is everything OK?", decision 0062) and `safety` below the actions (the SOS button, decision 0061).
 */
export function DriverRidePage({ safety, safetyAlert }: { safety?: ReactNode; safetyAlert?: ReactNode } = {}) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe();
  const rideId = params.bookingId ?? search.get('booking') ?? '';
  const { ride, status } = useLiveRide(me.data ? rideId : '');
  const live = isDriverAssigned(status);
  const report = useLocationReporting(live);
  const action = useRideAction(rideId);
  const [pinError, setPinError] = useState<string | null>(null);
  const driving = status === 'accepted' || status === 'in_progress';
  const target = ride.data ? (status === 'in_progress' ? ride.data.destination : ride.data.pickup) : null;
  const here = report.position ?? ride.data?.driver_location ?? null;
  const way = useRouteLine(driving ? here : null, driving ? target : null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const chatRef = useRef<HTMLDivElement>(null);
  const [unread, clearUnread] = useUnreadPill(rideId, chatRef);

  // A cancellation seen live (the rider's, or the driver's own; not one loaded from history) sends the
  // driver back to work at once, told who cancelled.
  const seen = useRef<Ride['status'] | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status === 'cancelled' && isDriverAssigned(before) && ride.data) {
      toast({ title: cancelledText(ride.data) });
      void client.invalidateQueries({ queryKey: rideKeys.active });
      navigate(paths.driverActive, { replace: true });
    }
  }, [status, ride.data, navigate, client]);

  if (!rideId || isApiError(ride.error, 404)) return <Message title={text.notFound} />;
  if (ride.isError && !ride.data) return <Message title={text.loadFailed} />;
  if (!ride.data) return <LoadingScreen />;

  const r = ride.data;
  if (r.status === 'completed') {
    return (
      <Shell>
        <RideComplete ride={r} />
        <Link to={paths.supportForRide(r.id)} className={buttonClasses({ variant: 'link', className: 'mt-2 text-sm' })}>
          <LifeBuoy className="size-4" aria-hidden="true" />
          {supportText.entry.reportIssue}
        </Link>
      </Shell>
    );
  }
  if (r.status === 'cancelled' || r.status === 'no_driver' || r.status === 'requested') {
    return <Message title={r.status === 'cancelled' ? cancelledText(r) : r.status_label} />;
  }

  const run = (input: RideAction) => {
    setPinError(null);
    // A cancel that succeeds lands in the cache as status 'cancelled': the effect above says so and leaves.
    action.mutate(input, {
      onError: (error) => {
        if (input.verb === 'start' && (isApiError(error, 422) || isApiError(error, 429))) setPinError(error.message);
        else toast({ title: isApiError(error) && error.message ? error.message : text.actionFailed, variant: 'destructive' });
      },
    });
  };

  const toPickup = r.status !== 'in_progress';
  const stop = toPickup ? r.pickup : r.destination;
  const headline = r.status === 'accepted' ? text.toPickup : r.status === 'arrived' ? text.atPickup : text.toDestination;
  const myPosition = here ? { lat: here.lat, lng: here.lng, heading: here.heading } : null;
  // The road route once the server has answered, a straight line until then.
  const line: [number, number][] | null =
    myPosition && r.status !== 'arrived'
      ? (way.data?.line ?? [
          [myPosition.lat, myPosition.lng],
          [stop.lat, stop.lng],
        ])
      : null;
  const riderName = r.rider?.name?.trim() || text.rider;

  return (
    <Shell map={<RideMap pickup={r.status === 'in_progress' ? null : r.pickup} destination={r.destination} driver={myPosition} route={line} />}>
      <section aria-labelledby="ride-headline" className="space-y-4">
        {safetyAlert}
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{r.status_label}</p>
          <h1 id="ride-headline" className="mt-1 text-2xl font-bold text-ink-900">
            {headline}
          </h1>
          <p className="mt-1 text-ink-700">{placeLabel(stop)}</p>
          <UpdatedAgo at={ride.dataUpdatedAt} />
          {way.data && r.status !== 'arrived' ? (
            <p className="mt-0.5 text-sm font-semibold text-ink-900">
              {formatDuration(way.data.duration_s)} · {formatDistance(way.data.distance_m)}
            </p>
          ) : null}
          {r.status !== 'arrived' ? (
            <a href={directionsUrl(stop)} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'link', className: 'mt-1 text-sm' })}>
              <ExternalLink className="size-4" aria-hidden="true" />
              {text.navigate}
            </a>
          ) : null}
        </div>

        <div className="flex items-center justify-between gap-4 rounded-2xl bg-ink-50 p-4">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-ink-900 text-white">
              <UserRound className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-semibold text-ink-500">{text.rider}</p>
              <p className="truncate font-semibold text-ink-900">{riderName}</p>
              {r.rider?.phone ? (
                <p className="flex items-center gap-1 text-sm text-ink-600">
                  <Phone className="size-3.5" aria-hidden="true" />
                  <span className="font-mono whitespace-nowrap">{r.rider.phone}</span>
                </p>
              ) : null}
              <div className="mt-1 flex flex-wrap items-center gap-1">
                <CallButton rideId={r.id} otherName={riderName.split(' ')[0] ?? riderName} />
              </div>
            </div>
          </div>
          <div className="shrink-0 text-right">
            {r.payment_method === 'business' ? (
              // Decision 0067: the company pays on its invoice; the driver takes no money.
              <p className="text-sm font-semibold text-ink-900">{text.businessNothingToCollect}</p>
            ) : (
              <>
                <p className="text-xs font-semibold whitespace-nowrap text-ink-500">{r.payment_method === 'card' ? text.paidByCard : text.collectCash}</p>
                <p className="text-xl font-bold text-ink-900">
                  {formatMoney(
                    r.payment_method === 'card'
                      ? r.fare_cents + r.carried_fee_cents - r.promo_discount_cents
                      : r.fare_cents + r.carried_fee_cents - r.promo_discount_cents - r.wallet_cents,
                    r.currency,
                  )}
                </p>
              </>
            )}
            <p className="text-xs text-ink-500">{RIDE_TYPE_NAMES[r.ride_type] ?? r.ride_type}</p>
          </div>
        </div>
        {r.carried_fee_cents > 0 ? <p className="text-sm text-ink-600">{text.carriedFee(formatMoney(r.carried_fee_cents, r.currency))}</p> : null}

        {r.status === 'accepted' ? (
          <Button variant="accent" size="lg" className="h-14 w-full text-lg" disabled={action.isPending} onClick={() => run({ verb: 'arrive' })}>
            {text.arrived}
          </Button>
        ) : r.status === 'arrived' ? (
          <PinForm busy={action.isPending} error={pinError} onStart={(pin) => run({ verb: 'start', pin })} />
        ) : (
          <Button variant="accent" size="lg" className="h-14 w-full text-lg" disabled={action.isPending} onClick={() => run({ verb: 'complete' })}>
            {text.complete}
          </Button>
        )}
      </section>

      <LocationStatus report={report} />

      {safety ? <div className="space-y-3">{safety}</div> : null}

      <RideChat rideId={r.id} myRole="driver" enabled={live} otherName={r.rider?.name ?? undefined} />
      <div ref={chatRef} aria-hidden="true" className="h-px scroll-mb-4" />
      {/* Announced politely: a message must not interrupt the driver's screen reader mid-sentence. */}
      <div role="status">
        {unread !== null ? (
          <NewMessagePill
            from={riderName}
            body={unread}
            onOpen={() => {
              clearUnread();
              const end = chatRef.current;
              end?.scrollIntoView({ behavior: 'smooth', block: 'end' });
              // The chat's message field, just above the marker.
              end?.previousElementSibling?.querySelector('input')?.focus({ preventScroll: true });
            }}
          />
        ) : null}
      </div>

      {r.status === 'arrived' && r.cancel_terms?.no_show_at ? (
        <NoShow
          at={onOurClock(r.cancel_terms.no_show_at, r.cancel_terms.as_of, ride.dataUpdatedAt)!}
          fee={r.cancel_terms.no_show_fee_cents > 0 ? formatMoney(r.cancel_terms.no_show_fee_cents, r.currency) : null}
          busy={action.isPending}
          onConfirm={() => run({ verb: 'cancel', no_show: true })}
        />
      ) : null}

      {r.status === 'accepted' || r.status === 'arrived' ? (
        <div className="pt-2 text-center">
          <Button variant="ghost" className={cn('text-red-700 hover:bg-red-50 hover:text-red-800')} onClick={() => setConfirmCancel(true)}>
            {text.cancel}
          </Button>
          <ConfirmDialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            title={text.cancelConfirmTitle}
            description={text.cancelConfirmText}
            confirmLabel={text.cancelConfirm}
            cancelLabel={text.cancelKeep}
            variant="destructive"
            busy={action.isPending}
            onConfirm={() => {
              setConfirmCancel(false);
              run({ verb: 'cancel' });
            }}
          />
        </div>
      ) : null}
    </Shell>
  );
}
