import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { Button } from './button';
import type { ButtonVariant } from './button-classes';
import { Form, useZodForm } from './form';
import { Modal, ModalActions, ModalClose } from './modal';
import { MutationError } from './query-view';

/** One opening of the dialog: `key` is a fresh id each time it opens (an idempotency key, so a double submit posts once). */
export type Opening = { key: string };

type FormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The shared schema the server parses with; `defaultValues` fill the fields each time it opens. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * The save: return the mutation's promise (`m.mutateAsync(…)`). While it runs the buttons are disabled
   * (and the submit reads `pendingLabel`); when it resolves `onSuccess` runs and the dialog closes; when it
   * rejects the refusal is shown in `MutationError` above the buttons and the dialog stays open.
   */
  onSubmit: (values: z.output<S>, opening: Opening) => Promise<unknown> | unknown;
  onSuccess?: (result: unknown) => void;
  submitLabel: string;
  pendingLabel?: string;
  submitVariant?: ButtonVariant;
  cancelLabel?: string;
  /** What a 5xx or a bug says (MutationError's fallback). */
  errorFallback?: ReactNode;
  /** The page's own words for a refusal (MutationError's children); undefined keeps the kit's. */
  errorText?: (error: unknown) => ReactNode | undefined;
  /** Another verb beside the submit ("Clear budget"): run like the submit, without the form's checks. */
  secondaryAction?: { label: string; run: (opening: Opening) => Promise<unknown> | unknown };
  /** The fields: FormField, or any control registered with useFormContext(). */
  children: ReactNode;
  className?: string;
};

/**
 * A dialog whose body is a form (issue 28 §3): title, description, the fields, Cancel and the submit.
 * Built on `Modal` (focus trapped, Escape closes, focus back to the opener) and `useZodForm` (every field's
 * message under it on submit, focus to the first invalid one). It opens with its first field focused and
 * empty of last time's typing, shows the save's pending state and refusal, and closes itself on success.
 *
 *   <FormDialog open={open} onOpenChange={setOpen} title="Record cash" schema={cashSchema}
 *     defaultValues={{ amount: '' }} submitLabel="Save" onSubmit={(v) => record.mutateAsync(v)}>
 *     <FormField name="amount" label="Amount" inputMode="decimal" />
 *   </FormDialog>
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>({ open, onOpenChange, title, description, className, ...body }: FormDialogProps<S>) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} focusFirstField className={className}>
      <FormDialogBody {...body} onClose={() => onOpenChange(false)} />
    </Modal>
  );
}

function FormDialogBody<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  onSubmit,
  onSuccess,
  submitLabel,
  pendingLabel,
  submitVariant = 'primary',
  cancelLabel = kitText.cancel,
  errorFallback,
  errorText,
  secondaryAction,
  children,
  onClose,
}: Omit<FormDialogProps<S>, 'open' | 'onOpenChange' | 'title' | 'description' | 'className'> & { onClose: () => void }) {
  // Mounted once per opening (Modal unmounts its content when closed): a fresh form, key and error.
  const [opening] = useState<Opening>(() => ({ key: crypto.randomUUID() }));
  const form = useZodForm(schema, { defaultValues });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = async (save: () => Promise<unknown> | unknown) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const result = await save();
      setPending(false);
      onSuccess?.(result);
      onClose();
    } catch (err) {
      setPending(false);
      setError(err);
    }
  };

  return (
    <Form form={form} onSubmit={(values) => run(() => onSubmit(values, opening))} className="space-y-4">
      {children}
      <MutationError error={error} fallback={errorFallback}>
        {error ? errorText?.(error) : undefined}
      </MutationError>
      <ModalActions>
        <ModalClose>{cancelLabel}</ModalClose>
        {secondaryAction ? (
          <Button variant="outline" onClick={() => void run(() => secondaryAction.run(opening))} disabled={pending}>
            {secondaryAction.label}
          </Button>
        ) : null}
        <Button type="submit" variant={submitVariant} disabled={pending} aria-busy={pending || undefined} className={cn(pending && 'cursor-wait')}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      </ModalActions>
    </Form>
  );
}
