import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const text = uiText.driverManagement.rejectDialog;

/**
 * Asks for the reason of a rejection (required: the applicant sees it). A native modal <dialog>: focus is
 * trapped and Escape closes it without any library.
 */
export function RejectDialog({ name, onConfirm, onClose }: { name: string; onConfirm: (reason: string) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(true);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-ink-950/60"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-ink-900">
          {text.title}
        </h2>
        <p id={textId} className="text-sm text-ink-600">
          {text.text(name)}
        </p>
        <div className="space-y-1.5">
          <label htmlFor={`${titleId}-reason`} className="block text-sm font-medium text-ink-800">
            {text.reasonLabel}
          </label>
          <textarea
            id={`${titleId}-reason`}
            name="reason"
            required
            rows={4}
            maxLength={500}
            autoFocus
            value={reason}
            aria-invalid={error || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setError(false);
            }}
            className={cn(inputClasses, 'h-auto py-2.5', error && 'border-red-600')}
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {text.reasonRequired}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" variant="destructive">
            {text.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
