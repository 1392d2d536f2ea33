import { useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { riderText } from '@openride/shared/rides/rider-text';
import { MutationError } from '@/components/ui/query-view';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRateRide } from '../api/rate-ride';
import type { RideView as Ride } from '@openride/shared/rides/views';

const text = riderText.track;

function Stars({ value }: { value: number }) {
  return (
    <span className="inline-flex gap-0.5" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-5', n <= value ? 'fill-amber-400 text-amber-400' : 'text-ink-300')} />
      ))}
    </span>
  );
}

/** 1–5 stars (a radio group: arrows move, Space picks) and an optional comment; then the rating as given. */
export function RateRide({ ride }: { ride: Ride }) {
  const id = useId();
  const rate = useRateRide(ride.id);
  const [stars, setStars] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  if (ride.my_rating) {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-2xl bg-ink-50 p-4">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
          {text.rateTitle}
        </h2>
        <p className="flex items-center gap-2 text-sm text-ink-700">
          <Stars value={ride.my_rating.stars} />
          {text.yourRating(ride.my_rating.stars)}
        </p>
        {rate.isSuccess ? (
          <p role="status" className="text-sm font-medium text-brand-700">
            {text.ratingThanks}
          </p>
        ) : null}
      </section>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stars) {
      setMissing(true);
      return;
    }
    const trimmed = comment.trim();
    rate.mutate(trimmed ? { stars, comment: trimmed } : { stars });
  };

  const shown = hover || stars;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-2xl bg-ink-50 p-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink-900">{text.rateTitle}</legend>
        <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => {
                  setStars(n);
                  setMissing(false);
                }}
                aria-label={text.stars(n)}
                className="sr-only"
              />
              <Star className={cn('size-9 transition-colors', n <= shown ? 'fill-amber-400 text-amber-400' : 'text-ink-300')} aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      <Alert>{missing ? text.pickStars : null}</Alert>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-ink-800">
          {text.comment}
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={500}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className={cn(inputClasses, 'h-auto py-2.5')}
        />
      </div>
      <MutationError error={rate.isError && !isApiError(rate.error, 409) ? rate.error : null} fallback={text.ratingFailed} />
      <Button type="submit" size="lg" className="w-full" disabled={rate.isPending}>
        {rate.isPending ? text.submittingRating : text.submitRating}
      </Button>
    </form>
  );
}
