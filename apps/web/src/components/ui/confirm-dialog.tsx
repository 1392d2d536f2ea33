import { useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { z } from 'zod';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { Button } from './button';
import type { ButtonVariant } from './button-classes';
import { Form, FormField, useZodForm } from './form';

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
 * "Are you sure?" for every admin verb (Radix Dialog): focus is trapped inside, Escape and the Cancel
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        {/* Unmounted when closed, so a reopened dialog starts with an empty reason. */}
        {open ? (
          <ConfirmContent
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            cancelLabel={cancelLabel}
            variant={variant}
            reason={reason}
            onConfirm={onConfirm}
            busy={busy}
          />
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ContentProps = Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'cancelLabel'> & { cancelLabel: string };

function ConfirmContent({ title, description, confirmLabel, cancelLabel, variant, reason, onConfirm, busy }: ContentProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // Rendered while the control that opened it still has focus: the one to give focus back to. (Radix
  // does this itself only for a Dialog.Trigger; our openers are table buttons and menu items.)
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
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
    <Dialog.Content
      ref={contentRef}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        const field = contentRef.current?.querySelector<HTMLTextAreaElement>('textarea');
        (field ?? cancelRef.current)?.focus();
      }}
      onCloseAutoFocus={(event) => {
        // An opener that left the page with the change (an approved row) cannot take focus back.
        if (opener?.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
      className="fixed top-1/2 left-1/2 z-[51] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white shadow-2xl focus:outline-none"
    >
      <Form form={form} onSubmit={(values) => onConfirm(reason ? values.reason?.trim() : undefined)} className="space-y-4 p-6">
        <Dialog.Title className="text-lg font-semibold text-ink-900">{title}</Dialog.Title>
        <Dialog.Description className="text-sm text-ink-600">{description}</Dialog.Description>
        {reason ? <FormField name="reason" as="textarea" label={reason.label} hint={reason.hint} rows={4} maxLength={reason.maxLength ?? 500} /> : null}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button ref={cancelRef} variant="outline">
              {cancelLabel}
            </Button>
          </Dialog.Close>
          <Button type="submit" variant={variant} disabled={busy} className={cn(busy && 'cursor-wait')}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </Dialog.Content>
  );
}
