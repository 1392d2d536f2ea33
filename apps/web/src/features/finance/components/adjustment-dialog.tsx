import { useId, useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { financeText } from '@openride/shared/finance/finance-text';
import { type AdjustmentFormInput, adjustmentFormSchema } from '@openride/shared/finance/schemas';
import { FormField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { usePostAdjustment } from '../api/finance-dashboard';

const text = financeText.dashboard.adjust;
export type AdjustTarget = { party: 'driver' | 'rider'; party_id: string; name: string };

/**
 * Credit or debit a driver's account or a rider's wallet by hand, with a reason (audited). The dialog's
 * opening key is the idempotency key, so a double click or a retry posts once.
 */
export function AdjustmentDialog({ target, city, currency, onClose }: { target: AdjustTarget | null; city: string; currency: string; onClose: () => void }) {
  const post = usePostAdjustment();
  const schema = useMemo(() => adjustmentFormSchema(currency), [currency]);
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? text.title(target.name) : ''}
      description={text.description}
      schema={schema}
      defaultValues={{ direction: 'credit', amount: '', reason: '' } satisfies AdjustmentFormInput}
      onSubmit={(v, opening) =>
        target &&
        post.mutateAsync({
          city,
          party: target.party,
          party_id: target.party_id,
          direction: v.direction,
          amount_cents: v.amount,
          reason: v.reason,
          idempotency_key: opening.key,
        })
      }
      onSuccess={() => toast({ title: text.posted })}
      submitLabel={text.submit}
      cancelLabel={financeText.settings.cancel}
      errorFallback={text.failed}
    >
      <DirectionField />
      <FormField name="amount" label={text.amount} hint={currency} inputMode="decimal" autoComplete="off" />
      <FormField name="reason" as="textarea" label={text.reason} rows={3} maxLength={500} />
    </FormDialog>
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
