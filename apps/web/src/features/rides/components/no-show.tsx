import { useState } from 'react';
import { driverText } from '@openride/shared/rides/driver-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCountdown } from '../hooks/use-countdown';
import { formatClock } from '../lib/format';

const text = driverText.ride;

/**
 * "Rider didn't show up" (decision 0033): a countdown from Arrived to the moment the policy allows it, then
 * the button, confirmed in the kit's dialog. The server decides again from its own clock.
 */
export function NoShow({ at, fee, busy, onConfirm }: { at: string; fee: string | null; busy: boolean; onConfirm: () => void }) {
  const left = useCountdown(at, 3600);
  const [confirming, setConfirming] = useState(false);
  if (left > 0) {
    return (
      <div className="rounded-2xl bg-ink-50 p-4 text-center">
        <p className="font-semibold text-ink-900 tabular-nums">{text.noShowIn(formatClock(left))}</p>
        <p className="text-sm text-ink-600">{text.noShowHint}</p>
      </div>
    );
  }
  return (
    <>
      <Button variant="outline" size="lg" className="w-full" disabled={busy} onClick={() => setConfirming(true)}>
        {text.noShow}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.noShowConfirmTitle}
        description={text.noShowConfirmText(fee)}
        confirmLabel={text.noShowConfirm}
        cancelLabel={text.cancelKeep}
        variant="destructive"
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          onConfirm();
        }}
      />
    </>
  );
}
