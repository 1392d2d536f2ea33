import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Star } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { driverText } from '@openride/shared/rides/driver-text';
import { MutationError } from '@/components/ui/query-view';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRateRide } from '../api/rate-ride';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { formatDistance, formatDuration, formatMoney } from '../lib/format';

const text = driverText.ride;
const STARS = [1, 2, 3, 4, 5] as const;
const COMMENT_MAX = 500;

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarPicker({ value, onChange, legend }: { value: number; onChange: (stars: number) => void; legend: string }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-base font-semibold text-ink-900">{legend}</legend>
      <div className="mt-3 flex gap-1">
        {STARS.map((n) => (
          <label key={n} className="relative cursor-pointer rounded-xl p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
            {/* Transparent over the star, so a tap on the star is a tap on the radio button itself. */}
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span className="sr-only">{text.rateStar(n)}</span>
            <Star aria-hidden="true" className={cn('size-10 transition-colors', n <= value ? 'fill-amber-400 text-amber-400' : 'text-ink-300')} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** After the trip: what to collect, how far and how long, then rating the rider (optional) and back to work. */
export function RideComplete({ ride }: { ride: Ride }) {
  const navigate = useNavigate();
  const rate = useRateRide(ride.id);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const rated = Boolean(ride.my_rating) || rate.isSuccess;
  const tookS = ride.started_at && ride.completed_at ? Math.max(0, (Date.parse(ride.completed_at) - Date.parse(ride.started_at)) / 1000) : ride.duration_s;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stars) return;
    const trimmed = comment.trim();
    rate.mutate(trimmed ? { stars, comment: trimmed } : { stars }, {
      onSuccess: () => {
        toast({ title: text.rated });
        navigate(paths.driverActive);
      },
      onError: (error) => {
        // 409: rated already (another tab): nothing left to do here.
        if (isApiError(error, 409)) navigate(paths.driverActive);
      },
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="ride-done-title" className="rounded-3xl bg-ink-900 p-6 text-white">
        <h1 id="ride-done-title" className="flex items-center gap-2 text-base font-semibold text-brand-400">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {text.completedTitle}
        </h1>
        <p className="mt-4 text-sm text-ink-300">{text.fareSummary}</p>
        <p className="text-4xl font-bold tracking-tight">{formatMoney(ride.fare_cents - ride.promo_discount_cents, ride.currency)}</p>
        <p className="mt-1 text-sm font-semibold text-ink-300 uppercase">
          {ride.payment_method === 'business' ? driverText.ride.businessNothingToCollect : driverText.offer[ride.payment_method]}
        </p>
        {ride.carried_fee_cents > 0 ? (
          <p className="mt-1 text-sm text-ink-300">{driverText.ride.carriedFeePlus(formatMoney(ride.carried_fee_cents, ride.currency))}</p>
        ) : null}
        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-2xl bg-white/10 px-3 py-2">
            <dt className="text-ink-300">{text.distance}</dt>
            <dd className="font-semibold">{formatDistance(ride.distance_m)}</dd>
          </div>
          <div className="rounded-2xl bg-white/10 px-3 py-2">
            <dt className="text-ink-300">{text.duration}</dt>
            <dd className="font-semibold">{formatDuration(tookS)}</dd>
          </div>
        </dl>
      </section>

      {rated ? (
        <div className="space-y-4 rounded-3xl border border-ink-200 bg-white p-6">
          <p role="status" className="font-semibold text-ink-900">
            {text.rated}
          </p>
          <Link to={paths.driverActive} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}>
            {text.done}
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5 rounded-3xl border border-ink-200 bg-white p-6">
          <StarPicker value={stars} onChange={setStars} legend={text.rateTitle} />
          <div className="space-y-1.5">
            <label htmlFor={commentId} className="block text-sm font-medium text-ink-800">
              {text.comment}
            </label>
            <textarea
              id={commentId}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={COMMENT_MAX}
              rows={3}
              className="block w-full rounded-xl border border-ink-200 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            />
          </div>
          <MutationError error={rate.isError && !isApiError(rate.error, 409) ? rate.error : null} fallback={text.ratingFailed} />
          <div className="grid grid-cols-[1fr_2fr] gap-3">
            <Link to={paths.driverActive} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {text.skipRating}
            </Link>
            <Button type="submit" variant="accent" size="lg" disabled={!stars || rate.isPending}>
              {text.submitRating}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
