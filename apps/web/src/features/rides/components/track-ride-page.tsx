import { type ComponentType, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Car, LifeBuoy, Loader2, Phone } from 'lucide-react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { rideChannel } from '@openride/shared/realtime';
import { canTransition, isTerminal } from '@openride/shared/rides/ride-state';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { Alert } from '@/components/ui/alert';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonClasses } from '@/components/ui/button-classes';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageTitle } from '@/components/ui/page';
import { TaskScreen } from '@/components/ui/task-screen';
import { UpdatedAgo } from '@/components/ui/updated-ago';
import { paths } from '@/config/paths';
import { supportText } from '@openride/shared/support/support-text';
import { isApiError } from '@/lib/api';
import { RECONNECTED_EVENT, subscribeChannel, useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { useCancelRide } from '../api/cancel-ride';
import { useRide } from '../api/get-ride';
import { rideKeys } from '../api/ride-keys';
import type { RideView as Ride, RiderRideView } from '@openride/shared/rides/views';
import { formatMoney, minutesOf, placeLabel } from '../lib/format';
import { isDriverAssigned } from '../lib/ride-status';
import { bookAgainState } from './book-again';
import { CallButton } from './call-button';
import { cancelCostText, FreeCancelCountdown, recordedFeeText, useCancelCost } from './cancel-terms';
import { RateRide } from './rate-ride';
import { RideChat } from './ride-chat';
import { RideReceipt } from './ride-receipt';
import { ShareTrip } from './share-trip';

const text = riderText.track;

type Live = { lat: number; lng: number; heading: number | null; eta_s: number | null };

/** One ride, live: 'ride.changed' on its room refetches it, 'driver.location' moves the car. */
function useLiveRide(rideId: string) {
  const client = useQueryClient();
  const ride = useRide(rideId || undefined);
  const [live, setLive] = useState<Live | null>(null);
  // Joined only once the server has shown us the ride: anyone else would be refused the room.
  const watching = Boolean(ride.data);
  useEffect(() => {
    if (!rideId || !watching) return;
    return subscribeChannel(rideChannel(rideId));
  }, [rideId, watching]);

  useRealtimeEvent('ride.changed', (data) => {
    if (data.id !== rideId) return;
    void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true });
    void client.invalidateQueries({ queryKey: rideKeys.active, exact: true });
    void client.invalidateQueries({ queryKey: rideKeys.history });
  });
  useRealtimeEvent('driver.location', (data) => {
    if (data.ride_id !== rideId) return;
    setLive({ lat: data.lat, lng: data.lng, heading: data.heading, eta_s: data.eta_s });
  });
  // A ride we have: refetched, as events may have been missed; a ride that was not found stays so.
  useRealtimeEvent(
    RECONNECTED_EVENT,
    () => void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true, predicate: (q) => q.state.data !== undefined }),
  );
  return { ride, live };
}

/** /track-ride/:id and /track-ride?booking=… (where a push notification lands). */
/** What the route composes in (features never import each other): the tip after a completed ride (payments). */
export type TipSlot = ComponentType<{ ride: RiderRideView }>;

/**
 * What the safety feature shows during the ride, composed by the route module: `safetyAlert` under the status
 * while the ride is not over (ride check's "Is everything OK?", decision 0062) and `safety` below the driver's
 * card while a driver is assigned (the SOS button, decision 0061).
 */
export function TrackRidePage({ tip, safety, safetyAlert }: { tip?: TipSlot; safety?: ReactNode; safetyAlert?: ReactNode } = {}) {
  const params = useParams();
  const [search] = useSearchParams();
  const me = useMe();
  const rideId = params.id ?? search.get('booking') ?? '';
  const { ride, live } = useLiveRide(me.data ? rideId : '');

  if (!rideId || isApiError(ride.error, 404)) return <RideNotFound />;
  if (ride.isPending) return <LoadingScreen />;
  // The ride's driver opening a rider's link (a shared notification, history): their own screen.
  if (ride.data?.viewer === 'driver') return <Navigate to={paths.driverRide(ride.data.id)} replace />;
  if (ride.isError) {
    return (
      <PageContainer className="max-w-lg">
        <PageTitle title={text.title} />
        <Alert tone="box">{text.loadFailed}</Alert>
        <Button className="mt-4" variant="outline" onClick={() => void ride.refetch()}>
          {riderText.book.retry}
        </Button>
      </PageContainer>
    );
  }
  return <TrackRide ride={ride.data} live={live} updatedAt={ride.dataUpdatedAt} Tip={tip} safety={safety} safetyAlert={safetyAlert} />;
}

function RideNotFound() {
  return (
    <PageContainer className="max-w-lg text-center">
      <PageTitle title={text.notFound} />
      <h1 className="text-2xl font-bold text-ink-900">{text.notFound}</h1>
      <p className="mt-2 text-ink-600">{text.notFoundText}</p>
      <Link to={paths.bookRide} className={buttonClasses({ className: 'mt-6' })}>
        {riderText.history.bookFirst}
      </Link>
    </PageContainer>
  );
}

function vehicleOf(driver: NonNullable<Ride['driver']>): string {
  return [driver.vehicle_color, driver.vehicle_make, driver.vehicle_model].filter(Boolean).join(' ');
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-2">
      <dt className="w-24 shrink-0 text-ink-500">{label}</dt>
      <dd className="min-w-0 flex-1 text-ink-900">{children}</dd>
    </div>
  );
}

function endedText(ride: Ride): string {
  if (ride.status === 'no_driver') return text.noDriver;
  if (ride.cancelled_by === 'operator') return text.cancelledByOperator(ride.cancel_reason ?? null);
  return ride.cancelled_by === 'driver' ? text.cancelledByDriver : text.cancelled;
}

/** The rider's view: a driver was sent to their own ride view above. */
function TrackRide({
  ride,
  live,
  updatedAt,
  Tip,
  safety,
  safetyAlert,
}: {
  ride: RiderRideView;
  live: Live | null;
  updatedAt: number;
  Tip?: TipSlot;
  safety?: ReactNode;
  safetyAlert?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  // Arriving from Request Ride, focus lands on the new status, not on the page body (issue 17 §10).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const arrivedFromRequest = (useLocation().state as { requested?: boolean } | null)?.requested === true;
  useEffect(() => {
    if (arrivedFromRequest) headingRef.current?.focus();
  }, [arrivedFromRequest]);
  const cancel = useCancelRide(ride.id);
  const cancelCost = useCancelCost(ride, updatedAt);
  const feeText = recordedFeeText(ride);
  const ended = isTerminal(ride.status);
  const canCancel = canTransition(ride.status, 'cancelled', 'rider');
  const chatOpen = isDriverAssigned(ride.status);
  const beforeTrip = ride.status === 'accepted' || ride.status === 'arrived' || ride.status === 'requested';

  const driverAt = live ?? ride.driver_location ?? null;
  const showDriver = Boolean(ride.driver) && driverAt && isDriverAssigned(ride.status);
  const etaSeconds = live?.eta_s ?? null;
  const etaLine =
    etaSeconds == null
      ? null
      : ride.status === 'accepted'
        ? text.arrivingIn(minutesOf(etaSeconds))
        : ride.status === 'in_progress'
          ? text.arriveAt(minutesOf(etaSeconds))
          : null;

  // A 409 (the trip started meanwhile) carries the server's words; anything else gets ours.
  const cancelError = cancel.error ? cancel.error.message || text.cancelFailed : null;

  return (
    <TaskScreen
      map={
        ride.status !== 'completed' ? (
          <RideMap pickup={ride.status === 'in_progress' ? null : ride.pickup} destination={ride.destination} driver={showDriver ? driverAt : null} />
        ) : null
      }
      sheetClassName="space-y-5"
    >
      <PageTitle title={`${ride.status_label} · ${text.title}`} />
      <div role="status" aria-live="polite" aria-label={text.status} className="space-y-1">
        <h1 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink-900 focus:outline-none">
          {ride.status === 'requested' ? <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" /> : null}
          {ride.status_label}
        </h1>
        {ride.status === 'completed' ? <p className="text-sm text-ink-600">{text.completedTitle}</p> : null}
        {ride.status === 'requested' ? <p className="text-sm text-ink-600">{text.findingHint}</p> : null}
        {etaLine ? <p className="text-sm font-medium text-brand-700">{etaLine}</p> : null}
        {ended && ride.status !== 'completed' ? <p className="text-sm text-ink-600">{endedText(ride)}</p> : null}
        {feeText ? <p className="text-sm font-medium text-ink-900">{feeText}</p> : null}
      </div>
      {/* Outside the live region: a count that changes every second is not announced every second. */}
      {ended ? null : <UpdatedAgo at={updatedAt} />}

      {ended ? null : safetyAlert}

      {ended && ride.status !== 'completed' ? (
        <Link to={paths.bookRide} state={bookAgainState(ride)} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {text.bookAgain}
        </Link>
      ) : null}

      {beforeTrip && ride.pin ? (
        <section aria-labelledby="ride-pin-title" className="flex items-center justify-between gap-4 rounded-2xl bg-ink-900 px-4 py-3 text-white">
          <div>
            <h2 id="ride-pin-title" className="text-sm font-semibold">
              {text.pinTitle}
            </h2>
            <p className="text-xs text-ink-300">{text.pinHint}</p>
          </div>
          <p className="font-mono text-3xl font-bold tracking-[0.3em] tabular-nums">
            <span aria-hidden="true">{ride.pin}</span>
            {/* Read digit by digit, not as a number in the thousands. */}
            <span className="sr-only">{ride.pin.split('').join(' ')}</span>
          </p>
        </section>
      ) : null}

      {ride.driver ? (
        <section aria-labelledby="ride-driver-title" className="rounded-2xl border border-ink-100 p-4">
          <h2 id="ride-driver-title" className="sr-only">
            {text.driver}
          </h2>
          <div className="flex items-center gap-3">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-100 text-lg font-bold text-ink-700" aria-hidden="true">
              {ride.driver.name.slice(0, 1).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-ink-900">{ride.driver.name}</p>
              <p className="flex items-center gap-1.5 truncate text-sm text-ink-600">
                <Car className="size-4 shrink-0" aria-hidden="true" />
                {vehicleOf(ride.driver)}
              </p>
            </div>
            {ride.driver.license_plate ? (
              <p className="rounded-lg border-2 border-ink-900 px-2 py-1 font-mono text-sm font-bold tracking-wider text-ink-900">
                <span className="sr-only">{text.plate}: </span>
                <span>{ride.driver.license_plate}</span>
              </p>
            ) : null}
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            {ride.driver.phone ? (
              <p className="flex min-h-11 items-center gap-2 text-sm text-ink-600">
                <Phone className="size-4" aria-hidden="true" />
                <span className="sr-only">{text.phone}: </span>
                <span>{ride.driver.phone}</span>
              </p>
            ) : null}
            {chatOpen ? <CallButton rideId={ride.id} otherName={ride.driver.name.split(' ')[0] ?? ride.driver.name} /> : null}
          </div>
        </section>
      ) : null}

      {safety && chatOpen ? <div className="space-y-3">{safety}</div> : null}

      {ride.status === 'completed' ? (
        <>
          {/* What the rider must do first: pay, and how (issue 17 §7). Then the rating, then the receipt. */}
          <section aria-labelledby="ride-pay-title" className="rounded-2xl bg-ink-900 px-4 py-4 text-white">
            <h2 id="ride-pay-title" className="text-xl font-bold">
              {ride.payment_method === 'business'
                ? text.paidByBusiness(formatMoney(ride.fare_cents, ride.currency))
                : ride.payment_method === 'card'
                  ? text.paidByCard(formatMoney(ride.fare_cents + ride.carried_fee_cents - ride.promo_discount_cents - ride.wallet_cents, ride.currency))
                  : text.payCash(formatMoney(ride.fare_cents + ride.carried_fee_cents - ride.promo_discount_cents - ride.wallet_cents, ride.currency))}
            </h2>
            <p className="mt-1 text-sm text-ink-300">
              {ride.payment_method === 'card' || ride.payment_method === 'business'
                ? text.paidByCardHint
                : text.payCashHint(ride.driver?.name.split(' ')[0] ?? text.driver.toLowerCase())}
            </p>
            {ride.wallet_cents > 0 ? <p className="mt-1 text-sm text-ink-300">{text.walletPart(formatMoney(ride.wallet_cents, ride.currency))}</p> : null}
          </section>
          <RateRide ride={ride} />
          {Tip ? <Tip ride={ride} /> : null}
          <RideReceipt ride={ride} />
        </>
      ) : null}

      {/* During the ride, the chat; afterwards only its history, below the receipt. */}
      {ride.driver && (chatOpen || ride.status === 'completed') ? (
        <section aria-label={text.chat}>
          <RideChat rideId={ride.id} myRole="rider" enabled={chatOpen} otherName={ride.driver.name.split(' ')[0]} />
        </section>
      ) : null}

      <dl className="divide-y divide-ink-100 text-sm">
        <Row label={text.from}>{placeLabel(ride.pickup)}</Row>
        <Row label={text.to}>{placeLabel(ride.destination)}</Row>
        <Row label={text.fare}>
          <span className="font-semibold">{formatMoney(ride.fare_cents, ride.currency)}</span> · {riderText.book[ride.payment_method]}
          {ride.promo_discount_cents > 0 ? (
            <span className="mt-1 block text-ink-600">
              {promotionsText.receipt.discount(formatMoney(ride.promo_discount_cents, ride.currency))} ·{' '}
              {promotionsText.receipt.youPay(formatMoney(ride.fare_cents - ride.promo_discount_cents, ride.currency))}
            </span>
          ) : null}
          {ride.carried_fee_cents > 0 ? (
            <span className="mt-1 block text-ink-600">{text.carriedFee(formatMoney(ride.carried_fee_cents, ride.currency))}</span>
          ) : null}
        </Row>
      </dl>

      {!ended && ride.share_token ? <ShareTrip token={ride.share_token} /> : null}

      <Link to={paths.supportForRide(ride.id)} className={buttonClasses({ variant: 'link', className: 'text-sm' })}>
        <LifeBuoy className="size-4" aria-hidden="true" />
        {supportText.entry.getHelp}
      </Link>

      {canCancel ? (
        <div className="space-y-2">
          <FreeCancelCountdown cost={cancelCost} />
          <Button variant="outline" size="lg" className="w-full text-red-700" onClick={() => setConfirming(true)}>
            {text.cancelRide}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming && canCancel}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(false);
          cancel.reset();
        }}
        title={text.cancelConfirmTitle}
        description={
          <>
            {text.cancelConfirmText}
            <span className="mt-2 block font-semibold text-ink-900">{cancelCostText(cancelCost)}</span>
            <Alert as="span" className="mt-2 block">
              {cancelError}
            </Alert>
          </>
        }
        confirmLabel={cancel.isPending ? text.cancelling : text.cancelConfirm}
        cancelLabel={text.keepRide}
        variant="destructive"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </TaskScreen>
  );
}
