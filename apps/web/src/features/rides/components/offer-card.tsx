import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Clock, Navigation } from 'lucide-react';
import { driverText } from '@openride/shared/rides/driver-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { RideOfferView as RideOffer } from '@openride/shared/rides/views';
import { formatDistance, formatDuration, formatMoney, placeLabel } from '../lib/format';
import { useCountdown } from '../hooks/use-countdown';

const text = driverText.offer;
/** Screen readers hear the offer once on arrival and once more at this many seconds, never every second. */
const WARN_AT_S = 5;

type OfferCardProps = {
  offer: RideOffer;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** The countdown reached 0: the server has passed the offer on. */
  onExpire: () => void;
};

function Stop({ kind, label, place }: { kind: 'pickup' | 'destination'; label: string; place: string }) {
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-3 shrink-0', kind === 'pickup' ? 'rounded-full bg-brand-500 ring-4 ring-brand-500/20' : 'rounded-sm bg-ink-900')}
      />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</p>
        <p className="truncate font-medium text-ink-900">{place}</p>
      </div>
    </div>
  );
}

/**
 * A ride offered to this driver: what matters for the decision first (fare, how far to the pickup, how long
 * the trip), then the two places, then Decline and Accept within thumb reach. On phones it is a sheet
 * fixed to the bottom of the screen; a ring counts the seconds left.
 */
export function OfferCard({ offer, busy, onAccept, onDecline, onExpire }: OfferCardProps) {
  const timeout = offer.timeout_s > 0 ? offer.timeout_s : 15;
  const left = useCountdown(offer.expires_at, timeout);
  const [initialLeft] = useState(left);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const expire = useEffectEvent(onExpire);

  useEffect(() => {
    if (left <= 0) expire();
  }, [left]);

  // The offer is the one thing to act on: take keyboard and screen-reader focus to it when it arrives.
  // On wide screens the card sits in the page flow: bring all of it, buttons included, into view.
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [offer.id]);

  const announcement = left <= WARN_AT_S ? text.announceEnding(WARN_AT_S) : text.announce(initialLeft);
  const fraction = Math.max(0, Math.min(1, left / timeout));
  const radius = 22;
  const circumference = 2 * Math.PI * radius;

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 rounded-t-3xl bg-white px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-[0_-12px_40px_rgba(0,0,0,0.18)] ring-1 ring-ink-200',
        'sm:static sm:rounded-3xl sm:pb-5 sm:shadow-lg',
      )}
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-ink-900 focus:outline-none">
            {text.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-bold tracking-tight text-ink-900">{formatMoney(offer.fare_cents, offer.currency)}</span>
            <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700">
              {RIDE_TYPE_NAMES[offer.ride_type] ?? offer.ride_type}
            </span>
            <span className="text-xs font-semibold text-ink-500 uppercase">{text[offer.payment_method]}</span>
          </p>
        </div>
        <div role="timer" aria-label={text.secondsLeft(left)} className="relative size-14 shrink-0">
          <svg viewBox="0 0 56 56" className="size-14 -rotate-90" aria-hidden="true">
            <circle cx="28" cy="28" r={radius} fill="none" strokeWidth="5" className="stroke-ink-100" />
            <circle
              cx="28"
              cy="28"
              r={radius}
              fill="none"
              strokeWidth="5"
              strokeLinecap="round"
              strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - fraction)}
              className={cn('transition-[stroke-dashoffset] duration-300', left <= WARN_AT_S ? 'stroke-red-500' : 'stroke-brand-500')}
            />
          </svg>
          <span
            aria-hidden="true"
            className={cn('absolute inset-0 flex items-center justify-center text-base font-bold', left <= WARN_AT_S ? 'text-red-600' : 'text-ink-900')}
          >
            {text.secondsLeft(left)}
          </span>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-ink-50 px-3 py-2.5">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-ink-500">
            <Navigation className="size-3.5" aria-hidden="true" />
            {text.toPickup}
          </dt>
          <dd className="mt-0.5 font-semibold text-ink-900">
            {formatDuration(offer.pickup_eta_s)} · {formatDistance(offer.pickup_distance_m)}
          </dd>
        </div>
        <div className="rounded-2xl bg-ink-50 px-3 py-2.5">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-ink-500">
            <Clock className="size-3.5" aria-hidden="true" />
            {text.trip}
          </dt>
          <dd className="mt-0.5 font-semibold text-ink-900">
            {formatDistance(offer.distance_m)} · {formatDuration(offer.duration_s)}
          </dd>
        </div>
      </dl>

      <div className="mt-4 space-y-3">
        <Stop kind="pickup" label={text.pickup} place={placeLabel(offer.pickup)} />
        <Stop kind="destination" label={text.destination} place={placeLabel(offer.destination)} />
      </div>

      <div className="mt-5 grid grid-cols-[1fr_2fr] gap-3">
        <Button variant="outline" size="lg" className="h-14" onClick={onDecline} disabled={busy}>
          {text.decline}
        </Button>
        <Button variant="accent" size="lg" className="h-14 text-lg" onClick={onAccept} disabled={busy}>
          {text.accept}
        </Button>
      </div>
    </section>
  );
}
