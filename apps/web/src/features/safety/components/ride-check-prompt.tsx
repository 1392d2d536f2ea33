import { rideCheckText as text } from '@openride/shared/safety/ride-check-text';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAnswerRideCheck, useRideCheck } from '../api/ride-check';
import { MutationError } from '@/components/ui/query-view';

/**
 * Ride check's prompt (decision 0062): when the trip stopped too long or strayed, "Is everything OK?" with the
 * reason in plain words, **I'm OK**, and `sos` (the SOS button, passed in by the route module) one tap away.
 * Shows nothing while there is no open check for the caller. It reads the ride's room for `safety.ride_check`
 * (the ride page keeps that room subscribed) and polls while the socket is down.
 */
export function RideCheckPrompt({ rideId, role, sos }: { rideId: string; role: 'rider' | 'driver'; sos?: ReactNode }) {
  const check = useRideCheck(rideId);
  const answer = useAnswerRideCheck(rideId);
  const [thanked, setThanked] = useState(false);
  const titleId = useId();
  const textId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const openId = check.data?.id ?? null;

  // A new check takes the focus once (an alert dialog), so a keyboard or screen-reader user is on it at once.
  useEffect(() => {
    if (openId) {
      setThanked(false);
      okRef.current?.focus();
    }
  }, [openId]);

  if (!check.data) {
    return thanked ? (
      <p role="status" className="rounded-2xl bg-brand-50 p-3 text-sm text-brand-900">
        {text.thanks}
      </p>
    ) : null;
  }

  const ok = () =>
    answer.mutate(undefined, {
      onSuccess: () => setThanked(true),
    });

  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="space-y-3 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-ink-900">
            {text.title}
          </h2>
          <p id={textId} className="text-sm text-ink-800">
            {text.reason[role][check.data.reason]}
            {/* Points to SOS only where the route module put the button beside it. */}
            {sos ? ` ${text.hint}` : null}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={okRef} size="lg" className="min-w-32 flex-1" onClick={ok} disabled={answer.isPending}>
          {answer.isPending ? text.sending : text.ok}
        </Button>
        {sos}
      </div>
      <MutationError error={answer.error}>{text.failed}</MutationError>
    </section>
  );
}

/**
 * The page's own SOS place: `sos` while no ride check is open. While one is, its prompt carries the SOS button
 * beside **I'm OK**, so the page shows one SOS button, not two (the same query as the prompt: no extra request).
 */
export function UnlessRideCheckOpen({ rideId, children }: { rideId: string; children: ReactNode }) {
  const check = useRideCheck(rideId);
  return check.data ? null : children;
}
