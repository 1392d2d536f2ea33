import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PaymentChoice } from '@openride/shared/payments/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { LocateFixed } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { distanceMeters } from '@openride/shared/geo/lat-lng';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Place, RideType } from '@openride/shared/rides/schemas';
import { RideMap } from '@/components/map/ride-map';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageTitle } from '@/components/ui/page';
import { TaskScreen } from '@/components/ui/task-screen';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { useActiveRide } from '../api/get-active-ride';
import { rideKeys } from '../api/ride-keys';
import { useRideQuote } from '../api/quote-ride';
import { useRequestRide } from '../api/request-ride';
import { type AppliedPromo, useApplyPromo } from '../api/apply-promo';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { type PlaceSuggestion, reverseGeocode } from '../hooks/use-place-search';
import { usePickupLocation } from '../hooks/use-pickup-location';
import { EMPTY, type FieldName, type FieldState, fromPlace, fromTap, fromTyping, nearLabel, SAME_PLACE_M, TAP_NEAR_M } from '../lib/booking-fields';
import { nearestCityPlace } from '../api/city-places';
import { formatMoney } from '../lib/format';
import { requestErrorText } from '../lib/request-error';
import { ActiveRideCard } from './active-ride-card';
import { readBookAgain } from './book-again';
import { noVerdicts, type PaymentSlot, type UseRideTypeVerdicts } from './book-ride-slots';
import { PlaceField, type SavedPlaceOption } from './place-field';
import { QuoteArea } from './quote-area';
import { RequestBar } from './request-bar';

const text = riderText.book;

export type { PaymentSlot, RideTypeVerdicts, UseRideTypeVerdicts } from './book-ride-slots';
export type { SavedPlaceOption };

/**
 * The booking page for a signed-in rider (the router's RequireSignedIn sends visitors to sign in first and back).
 * `savedPlaces` (Home, Work; the account feature's, composed by the route) are offered first in both fields.
 */
export function BookRidePage({
  payment,
  savedPlaces,
  useVerdicts = noVerdicts,
}: { payment?: PaymentSlot; savedPlaces?: SavedPlaceOption[]; useVerdicts?: UseRideTypeVerdicts } = {}) {
  const me = useMe();
  const client = useQueryClient();
  const active = useActiveRide(Boolean(me.data));
  // The rider's own channel says when any of their rides changes: the active-ride card follows.
  useRealtimeEvent('ride.changed', () => void client.invalidateQueries({ queryKey: rideKeys.active, exact: true }));
  if (active.isPending) return <LoadingScreen />;
  return <BookRide activeRide={active.data ?? null} Payment={payment} savedPlaces={savedPlaces} useVerdicts={useVerdicts} />;
}

function BookRide({
  activeRide,
  Payment,
  savedPlaces,
  useVerdicts,
}: {
  activeRide: Ride | null;
  Payment?: PaymentSlot;
  savedPlaces?: SavedPlaceOption[];
  useVerdicts: UseRideTypeVerdicts;
}) {
  const navigate = useNavigate();
  const config = useAppConfig();
  const geocoderUrl = config.data?.geocoder_url ?? null;
  // "Book again" starts from the last trip's places (issue 17 §10).
  const again = readBookAgain(useLocation().state);
  const [pickup, setPickup] = useState<FieldState>(() => (again ? fromPlace(again.pickup) : EMPTY));
  const [destination, setDestination] = useState<FieldState>(() => (again ? fromPlace(again.destination) : EMPTY));
  // The field a tap on the map fills: the one last focused, moved on to the next empty one after a fill.
  const [target, setTarget] = useState<FieldName>('pickup');
  const [rideType, setRideType] = useState<RideType>('economy');
  const [paying, setPaying] = useState<PaymentChoice>({ payment_method: 'cash' });
  const destinationRef = useRef<HTMLInputElement>(null);
  const pickupRef = useRef<HTMLInputElement>(null);

  const client = useQueryClient();
  /**
   * Names a point (a GPS fix, a tap): the geocoder's address when one is configured and answers, else the
   * nearest place of the point's city within `nearM` ("Near Union Square"); `then` gets the renamed place.
   */
  const namePoint = (place: Place, nearM: number, then: (named: Place) => void) => {
    void Promise.all([nearestCityPlace(client, place, nearM), geocoderUrl ? reverseGeocode(geocoderUrl, place) : null]).then(([near, address]) => {
      const label = address ?? (near ? nearLabel(near) : null);
      if (label) then({ ...place, label });
    });
  };

  const fields = { pickup, destination };
  const setField = (name: FieldName, value: FieldState) => (name === 'pickup' ? setPickup : setDestination)(value);
  const other = (name: FieldName): FieldName => (name === 'pickup' ? 'destination' : 'pickup');

  const filled = (name: FieldName) => {
    if (!fields[other(name)].point) setTarget(other(name));
  };

  const { geo, setGeo, locate } = usePickupLocation({ activeRide, again, setPickup, setTarget, namePoint });

  const samePlace = Boolean(pickup.point && destination.point && distanceMeters(pickup.point, destination.point) < SAME_PLACE_M);
  const quote = useRideQuote(samePlace ? null : pickup.point, samePlace ? null : destination.point);
  const request = useRequestRide();
  // A failed request's message is about the trip it was for: a new pickup, destination or ride type clears it.
  const resetRequest = request.reset;
  useEffect(() => resetRequest(), [pickup.point, destination.point, rideType, paying, resetRequest]);
  // A promo code applied is for this trip (decision 0063): a new pickup or destination takes it off.
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const applyPromo = useApplyPromo();
  const resetApply = applyPromo.reset;
  useEffect(() => {
    setPromo(null);
    resetApply();
  }, [pickup.point, destination.point, resetApply]);

  const choose = (name: FieldName, s: PlaceSuggestion) => {
    setField(name, { text: s.name, point: { lat: s.lat, lng: s.lng, label: s.name } });
    filled(name);
    if (name === 'pickup' && !destination.point) destinationRef.current?.focus();
  };

  // A tap fills the field last focused while it is empty, else the other one if that is empty, else the
  // last focused again (moving a point already set).
  const tapTarget: FieldName = !fields[target].point ? target : !fields[other(target)].point ? other(target) : target;

  const onPick = (point: { lat: number; lng: number }) => {
    const name = tapTarget;
    const tapped = fromTap(point);
    setField(name, tapped);
    namePoint(tapped.point!, TAP_NEAR_M, (named) =>
      (name === 'pickup' ? setPickup : setDestination)((current) => (current.point === tapped.point ? { text: named.label!, point: named } : current)),
    );
    if (name === 'pickup') setGeo('idle');
    filled(name);
  };

  const options = quote.data?.options ?? [];
  const selected = options.find((o) => o.ride_type === rideType) ?? options[0];
  const quoteReady = Boolean(pickup.point && destination.point && !samePlace && quote.data && !quote.isPlaceholderData);
  const business = paying.payment_method === 'business';
  const verdicts = useVerdicts({
    paying,
    pickup: pickup.point,
    options: quoteReady ? options.map((o) => ({ ride_type: o.ride_type, fare_cents: o.fare_cents })) : [],
  });
  const refusedBy = selected && verdicts?.[selected.ride_type] && !verdicts[selected.ride_type]!.allowed ? verdicts[selected.ride_type]!.reason : null;
  const needsExpenseCode = business && paying.expense_code !== undefined && paying.expense_code.trim() === '';

  const onRequest = () => {
    if (!pickup.point || !destination.point || !selected) return;
    request.mutate(
      {
        pickup: pickup.point,
        destination: destination.point,
        ride_type: selected.ride_type,
        ...paying,
        // On account (decision 0067): no wallet, no promo code; the expense code only when typed.
        ...(business ? { use_wallet: undefined, expense_code: paying.expense_code?.trim() || undefined } : {}),
        quote_token: quote.data?.quote_token,
        ...(promo && !business ? { promo_code: promo.code } : {}),
      },
      { onSuccess: ({ ride }) => navigate(paths.trackRide(ride.id), { state: { requested: true } }) },
    );
  };

  const pickupMessage: ReactNode =
    geo === 'locating' ? (
      text.locating
    ) : geo === 'denied' ? (
      text.locationDenied
    ) : geo === 'unavailable' && !pickup.point ? (
      text.locationUnavailable
    ) : geo === 'ask' && !pickup.point ? (
      <>
        {text.locationAsk}{' '}
        <button type="button" onClick={locate} className="min-h-6 font-semibold text-brand-700 underline">
          {text.shareLocation}
        </button>
      </>
    ) : undefined;

  const requestError = requestErrorText(request.error);
  const owedFee = quoteReady && quote.data && quote.data.owed_fee_cents > 0 ? formatMoney(quote.data.owed_fee_cents, quote.data.currency) : null;

  return (
    <TaskScreen
      map={
        <RideMap
          label={text.mapLabel}
          pickup={activeRide ? activeRide.pickup : pickup.point}
          destination={activeRide ? activeRide.destination : destination.point}
          route={activeRide ? null : quoteReady ? quote.data?.route : null}
          onPick={activeRide ? undefined : onPick}
        />
      }
      flushBottom
    >
      <PageTitle title={text.title} />
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{text.title}</h1>
        <Link to="/ride-history" className="inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {text.myRides}
        </Link>
      </div>
      {activeRide ? (
        <div className="pb-6">
          <ActiveRideCard ride={activeRide} />
        </div>
      ) : (
        <div className="space-y-5">
          <div className="space-y-3">
            <PlaceField
              label={text.pickup}
              marker="pickup"
              placeholder={text.pickupPlaceholder}
              inputRef={pickupRef}
              value={pickup.text}
              chosen={Boolean(pickup.point)}
              geocoderUrl={geocoderUrl}
              near={pickup.point ?? destination.point}
              saved={savedPlaces}
              onFocus={() => setTarget('pickup')}
              onType={(value) => {
                setPickup(fromTyping(value));
                if (geo !== 'locating') setGeo('idle');
              }}
              onChoose={(s) => choose('pickup', s)}
              onClear={() => {
                setPickup(EMPTY);
                setTarget('pickup');
                pickupRef.current?.focus();
              }}
              message={pickupMessage}
              messageTone={geo === 'denied' || geo === 'unavailable' ? 'error' : 'info'}
              action={
                <button
                  type="button"
                  onClick={locate}
                  aria-label={text.useCurrentLocation}
                  title={text.useCurrentLocation}
                  className="flex size-11 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50"
                >
                  <LocateFixed className="size-5" aria-hidden="true" />
                </button>
              }
            />
            <PlaceField
              label={text.destination}
              marker="destination"
              placeholder={text.destinationPlaceholder}
              inputRef={destinationRef}
              value={destination.text}
              chosen={Boolean(destination.point)}
              geocoderUrl={geocoderUrl}
              near={pickup.point ?? destination.point}
              saved={savedPlaces}
              onFocus={() => setTarget('destination')}
              onType={(value) => setDestination(fromTyping(value))}
              onChoose={(s) => choose('destination', s)}
              onClear={() => {
                setDestination(EMPTY);
                setTarget('destination');
                destinationRef.current?.focus();
              }}
            />
            <p className="text-xs text-ink-500">{text.mapHint(tapTarget === 'pickup' ? text.pickup : text.destination)}</p>
          </div>
          <div aria-live="polite">
            <QuoteArea
              pickup={pickup}
              destination={destination}
              samePlace={samePlace}
              quote={quote}
              quoteReady={quoteReady}
              selected={selected}
              setRideType={setRideType}
              request={request}
              business={business}
              promo={promo}
              setPromo={setPromo}
              applyPromo={applyPromo}
              verdicts={verdicts}
              Payment={Payment}
              paying={paying}
              setPaying={setPaying}
            />
          </div>
          <RequestBar
            refusedBy={refusedBy}
            requestError={requestError}
            owedFee={owedFee}
            disabled={!quoteReady || !selected || request.isPending || Boolean(refusedBy) || needsExpenseCode}
            pending={request.isPending}
            onRequest={onRequest}
          />
        </div>
      )}
    </TaskScreen>
  );
}
