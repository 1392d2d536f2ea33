import { useEffect, useId, useRef } from 'react';
import { riderText } from '@openride/shared/rides/rider-text';
import { Button } from '@/components/ui/button';

const text = riderText.track;

/** "Cancel this ride?" as a native modal <dialog>: focus trapped, Escape keeps the ride. */
export function CancelRideDialog({ pending, error, onConfirm, onClose }: { pending: boolean; error: string | null; onConfirm: () => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-ink-950/60"
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-ink-900">
          {text.cancelConfirmTitle}
        </h2>
        <p id={textId} className="text-sm text-ink-600">
          {text.cancelConfirmText}
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <Button variant="destructive" size="lg" onClick={onConfirm} disabled={pending}>
            {pending ? text.cancelling : text.cancelConfirm}
          </Button>
          <Button variant="secondary" size="lg" onClick={onClose} disabled={pending} autoFocus>
            {text.keepRide}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
