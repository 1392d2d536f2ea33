import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import type { PaymentChoice } from '@openride/shared/payments/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { LocateFixed, Loader2 } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { distanceMeters, formatLatLng, parseLatLng } from '@openride/shared/geo/lat-lng';
import { nearestPlace } from '@openride/shared/geo/sf-places';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Place, RideType } from '@openride/shared/rides/schemas';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageTitle } from '@/components/ui/page';
import { TaskScreen } from '@/components/ui/task-screen';
import { MutationError } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { isApiError, isNetworkError, isRefusal } from '@/lib/api';
import { errorText } from '@openride/shared/error-text';
import { useAppConfig } from '@/lib/app-config';
import { useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { useActiveRide } from '../api/get-active-ride';
import { rideKeys } from '../api/ride-keys';
import { useRideQuote } from '../api/quote-ride';
import { useRequestRide } from '../api/request-ride';
import { type AppliedPromo, useApplyPromo } from '../api/apply-promo';
import { PromoCodeField } from './promo-code-field';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { type PlaceSuggestion, reverseGeocode } from '../hooks/use-place-search';
import { formatMoney } from '../lib/format';
import { ActiveRideCard } from './active-ride-card';
import { readBookAgain } from './book-again';
import { PlaceField, type SavedPlaceOption } from './place-field';
import { PaymentRow, RideOptions } from './ride-options';

const text = riderText.book;
type FieldName = 'pickup' | 'destination';
type FieldState = { text: string; point: Place | null };
/** `ask`: the browser has not been asked yet (or the rider dismissed the question): a neutral offer, not a refusal. */
type GeoState = 'idle' | 'ask' | 'locating' | 'denied' | 'unavailable';

const EMPTY: FieldState = { text: '', point: null };
// Closer than this, pickup and destination are one place: no ride to price.
const SAME_PLACE_M = 50;
// A tap this close to a gazetteer place is named after it.
const TAP_NEAR_M = 150;
// A GPS pickup is named after a landmark this close ("Near Union Square"), when no geocoder names it better.
const GPS_NEAR_M = 1200;

function fromTyping(value: string): FieldState {
  const coords = parseLatLng(value);
  return { text: value, point: coords ? { ...coords, label: formatLatLng(coords) } : null };
}

function fromPlace(place: Place): FieldState {
  return { text: place.label || formatLatLng(place), point: place };
}

/** A GPS fix, named after the nearest landmark within GPS_NEAR_M, else by its coordinates (issue 17 §6). */
function gpsPlace(point: { lat: number; lng: number }): Place {
  const near = nearestPlace(point, GPS_NEAR_M);
  return { ...point, label: near ? text.near(near.name) : formatLatLng(point) };
}

function fromTap(point: { lat: number; lng: number }): FieldState {
  const near = nearestPlace(point, TAP_NEAR_M);
  const label = near ? text.near(near.name) : formatLatLng(point);
  return { text: label, point: { lat: point.lat, lng: point.lng, label } };
}

/**
 * The payment method picker the route composes in (the payments feature; features never import each other):
 * it shares the chosen ride type's fare + owed fees between wallet credit and the method (decision 0038).
 */
export type PaymentSlot = ComponentType<{
  currency: string;
  totalCents: number;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  disabled?: boolean;
}>;

export type { SavedPlaceOption };

/** Per ride type, whether the payment chosen allows it (a company's policy, decision 0067); a hook the route module gives. */
export type RideTypeVerdicts = Record<string, { allowed: boolean; reason: string | null; note: string | null }> | null;
export type UseRideTypeVerdicts = (args: {
  paying: PaymentChoice;
  pickup: Place | null;
  options: { ride_type: RideType; fare_cents: number }[];
}) => RideTypeVerdicts;
const noVerdicts: UseRideTypeVerdicts = () => null;

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
  const [geo, setGeo] = useState<GeoState>('idle');
  const [rideType, setRideType] = useState<RideType>('economy');
  const [paying, setPaying] = useState<PaymentChoice>({ payment_method: 'cash' });
  const destinationRef = useRef<HTMLInputElement>(null);
  const pickupRef = useRef<HTMLInputElement>(null);

  /** Asks the geocoder (when configured) for the address of a point; `then` gets the renamed place. */
  const nameWithGeocoder = (place: Place, then: (named: Place) => void) => {
    if (!geocoderUrl) return;
    void reverseGeocode(geocoderUrl, place).then((label) => {
      if (label) then({ ...place, label });
    });
  };

  const fields = { pickup, destination };
  const setField = (name: FieldName, value: FieldState) => (name === 'pickup' ? setPickup : setDestination)(value);
  const other = (name: FieldName): FieldName => (name === 'pickup' ? 'destination' : 'pickup');

  const filled = (name: FieldName) => {
    if (!fields[other(name)].point) setTarget(other(name));
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeo('unavailable');
      return;
    }
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // The field reads "Current location"; the place stored (and shown to the driver, in history) is named
        // after where it is: the geocoder's address when one is configured, else the nearest landmark.
        const point = gpsPlace({ lat: position.coords.latitude, lng: position.coords.longitude });
        // Never overwrite what the rider typed or picked while we were waiting for a fix.
        setPickup((current) => (current.text && current.text !== text.currentLocation ? current : { text: text.currentLocation, point }));
        nameWithGeocoder(point, (named) => setPickup((current) => (current.point === point ? { ...current, point: named } : current)));
        setTarget((t) => (t === 'pickup' ? 'destination' : t));
        setGeo('idle');
      },
      (error) => setGeo(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  // The pickup starts at the rider's own position, as in every ride app, when they already allow it. Not asked
  // yet: a neutral offer to use it (asking on arrival, a dismissed question reads as a refusal); refused
  // before: said so (issue 27). Without the Permissions API, asked at once as before.
  const locateOnce = useRef(false);
  useEffect(() => {
    if (locateOnce.current || activeRide || again) return;
    locateOnce.current = true;
    if (!navigator.permissions?.query || !('geolocation' in navigator)) {
      locate();
      return;
    }
    navigator.permissions.query({ name: 'geolocation' }).then(
      (status) => (status.state === 'granted' ? locate() : setGeo((g) => (g === 'idle' ? (status.state === 'denied' ? 'denied' : 'ask') : g))),
      () => locate(),
    );
    // Once per visit: `locate` is a new function each render and must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeRide, again]);

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
    nameWithGeocoder(tapped.point!, (named) =>
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

  let quoteArea: ReactNode;
  if (!pickup.point || !destination.point) {
    quoteArea = <p className="text-sm text-ink-500">{text.chooseBoth}</p>;
  } else if (samePlace) {
    quoteArea = (
      <p role="alert" className="text-sm font-medium text-red-700">
        {text.samePlace}
      </p>
    );
  } else if (quote.isError) {
    // A refusal the rider can act on reads its code's words (outside the area, a ride type not offered);
    // anything else is a failure to reach us, with a retry.
    const quoteRefusal = isRefusal(quote.error) ? errorText(quote.error.code!) : null;
    quoteArea = (
      <div role="alert" className="space-y-2 rounded-2xl bg-red-50 p-4 text-sm text-red-800">
        <p className="font-medium">{quoteRefusal ?? text.quoteFailed}</p>
        {quoteRefusal ? null : (
          <Button variant="outline" size="sm" onClick={() => void quote.refetch()}>
            {text.retry}
          </Button>
        )}
      </div>
    );
  } else if (!quoteReady) {
    quoteArea = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {text.quoting}
      </p>
    );
  } else {
    quoteArea = (
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

  // Domain codes map to the words a rider reads (errorText); no raw exception text reaches the screen.
  const requestError = request.error
    ? isApiError(request.error) && request.error.code === 'ACTIVE_RIDE_EXISTS'
      ? text.alreadyActive
      : isRefusal(request.error)
        ? errorText(request.error.code!)
        : isNetworkError(request.error)
          ? request.error.message
          : text.requestFailed
    : null;

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
          <div aria-live="polite">{quoteArea}</div>
          {/* Stays in reach of a thumb while the ride types scroll under it; a failed request is said right
              above the button that was tapped, where the eye is (issue 17 §3). */}
          <div className="sticky bottom-0 -mx-4 space-y-2 bg-white/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur lg:-mx-6 lg:px-6">
            <MutationError error={refusedBy} className="font-medium">
              {refusedBy}
            </MutationError>
            <MutationError error={requestError} className="font-medium">
              {requestError}
            </MutationError>
            {quoteReady && quote.data && quote.data.owed_fee_cents > 0 ? (
              <p className="rounded-2xl bg-amber-50 p-3 text-sm font-medium text-amber-900">
                {text.owedFee(formatMoney(quote.data.owed_fee_cents, quote.data.currency))}
              </p>
            ) : null}
            <Button
              size="lg"
              className="w-full"
              disabled={!quoteReady || !selected || request.isPending || Boolean(refusedBy) || needsExpenseCode}
              onClick={onRequest}
            >
              {request.isPending ? (
                <>
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                  {text.requesting}
                </>
              ) : (
                text.requestRide
              )}
            </Button>
          </div>
        </div>
      )}
    </TaskScreen>
  );
}
