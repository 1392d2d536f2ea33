import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useFormContext } from 'react-hook-form';
import { financeText } from '@openride/shared/finance/finance-text';
import { type AdjustmentFormInput, adjustmentFormSchema } from '@openride/shared/finance/schemas';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { MutationError } from '@/components/ui/query-view';
import { usePostAdjustment } from '../api/finance-dashboard';

const text = financeText.dashboard.adjust;
export type AdjustTarget = { party: 'driver' | 'rider'; party_id: string; name: string };

/**
 * Credit or debit a driver's account or a rider's wallet by hand, with a reason (audited). The dialog makes
 * one idempotency key when it opens, so a double click or a retry posts once.
 */
export function AdjustmentDialog({ target, city, onClose }: { target: AdjustTarget | null; city: string; onClose: () => void }) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink-950/60" />
        {target ? <AdjustmentContent target={target} city={city} onClose={onClose} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AdjustmentContent({ target, city, onClose }: { target: AdjustTarget; city: string; onClose: () => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const form = useZodForm(adjustmentFormSchema, { defaultValues: { direction: 'credit', amount: '', reason: '' } satisfies AdjustmentFormInput });
  const post = usePostAdjustment();
  return (
    <Dialog.Content className="fixed top-1/2 left-1/2 z-[61] max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white shadow-2xl focus:outline-none">
      <Form
        form={form}
        className="space-y-4 p-6"
        onSubmit={(v) =>
          post.mutate(
            { city, party: target.party, party_id: target.party_id, direction: v.direction, amount_cents: v.amount, reason: v.reason, idempotency_key: key },
            {
              onSuccess: () => {
                toast({ title: text.posted });
                onClose();
              },
            },
          )
        }
      >
        <Dialog.Title className="text-lg font-semibold text-ink-900">{text.title(target.name)}</Dialog.Title>
        <Dialog.Description className="text-sm text-ink-600">{text.description}</Dialog.Description>
        <DirectionField />
        <FormField name="amount" label={text.amount} inputMode="decimal" autoComplete="off" />
        <FormField name="reason" as="textarea" label={text.reason} rows={3} maxLength={500} />
        <MutationError error={post.error} fallback={text.failed} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="outline">{financeText.settings.cancel}</Button>
          </Dialog.Close>
          <Button type="submit" disabled={post.isPending}>
            {text.submit}
          </Button>
        </div>
      </Form>
    </Dialog.Content>
  );
}

function DirectionField() {
  const { register } = useFormContext<AdjustmentFormInput>();
  const id = useId();
  return (
    <fieldset className="space-y-1" aria-describedby={id}>
      <legend className="text-sm font-medium text-ink-800">{text.direction}</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="radio" value="credit" className="size-5 accent-ink-900" {...register('direction')} />
        {text.credit}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="radio" value="debit" className="size-5 accent-ink-900" {...register('direction')} />
        {text.debit}
      </label>
      <span id={id} className="sr-only">
        {text.description}
      </span>
    </fieldset>
  );
}
