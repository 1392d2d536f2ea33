import { useEffect, useId, useRef } from 'react';
import { driverText } from '@openride/shared/rides/driver-text';
import { Button } from '@/components/ui/button';

const text = driverText.ride;

/** A modal confirmation (native <dialog>: focus kept inside, Escape closes) before the driver cancels. */
export function DriverCancelDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descId}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-3xl bg-white p-6 shadow-2xl backdrop:bg-ink-950/50"
    >
      <h2 id={titleId} className="text-lg font-bold text-ink-900">
        {text.cancelConfirmTitle}
      </h2>
      <p id={descId} className="mt-2 text-sm text-ink-600">
        {text.cancelConfirmText}
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button variant="outline" size="lg" onClick={onClose} autoFocus>
          {text.cancelKeep}
        </Button>
        <Button variant="destructive" size="lg" onClick={onConfirm} disabled={busy}>
          {text.cancelConfirm}
        </Button>
      </div>
    </dialog>
  );
}
