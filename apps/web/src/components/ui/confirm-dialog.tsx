import { type ReactNode, type RefObject, useRef } from 'react';
import { z } from 'zod';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { Button } from './button';
import type { ButtonVariant } from './button-classes';
import { Form, FormField, useZodForm } from './form';
import { Modal, ModalActions, ModalClose } from './modal';

type ReasonField = { label: string; requiredMessage: string; maxLength?: number; hint?: ReactNode };

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's look: 'destructive' for what cannot be undone lightly. */
  variant?: ButtonVariant;
  /** Ask for a reason (required, trimmed): block, reject, cancel… The reason reaches `onConfirm`. */
  reason?: ReasonField;
  onConfirm: (reason: string | undefined) => void;
  busy?: boolean;
};

/**
 * "Are you sure?" for every admin verb (on the kit's Modal): focus is trapped inside, Escape and the Cancel
 * button close it, and focus returns to the control that opened it. It opens on the SAFE choice: Cancel
 * (or the reason box, where typing cannot confirm anything), so an Enter pressed too fast does nothing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = kitText.cancel,
  variant = 'primary',
  reason,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The reason box when there is one (typing cannot confirm anything), else Cancel.
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} focusFirstField initialFocus={cancelRef}>
      <ConfirmForm
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        variant={variant}
        reason={reason}
        onConfirm={onConfirm}
        busy={busy}
        cancelRef={cancelRef}
      />
    </Modal>
  );
}

type FormProps = Pick<ConfirmDialogProps, 'confirmLabel' | 'variant' | 'reason' | 'onConfirm' | 'busy'> & {
  cancelLabel: string;
  cancelRef: RefObject<HTMLButtonElement | null>;
};

/** Mounted once per opening (Modal unmounts its content when closed), so a reopened dialog starts with an empty reason. */
function ConfirmForm({ confirmLabel, cancelLabel, variant, reason, onConfirm, busy, cancelRef }: FormProps) {
  const schema = z.object({
    reason: reason
      ? z
          .string()
          .trim()
          .min(1, reason.requiredMessage)
          .max(reason.maxLength ?? 500, `At most ${reason.maxLength ?? 500} characters`)
      : z.string().optional(),
  });
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={(values) => onConfirm(reason ? values.reason?.trim() : undefined)} className="space-y-4">
      {reason ? <FormField name="reason" as="textarea" label={reason.label} hint={reason.hint} rows={4} maxLength={reason.maxLength ?? 500} /> : null}
      <ModalActions>
        <ModalClose ref={cancelRef}>{cancelLabel}</ModalClose>
        <Button type="submit" variant={variant} disabled={busy} className={cn(busy && 'cursor-wait')}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Form>
  );
}
