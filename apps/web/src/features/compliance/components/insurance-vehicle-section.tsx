import { useState } from 'react';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import { insuranceText, policyInputSchema, type PolicyView } from '@openride/shared/compliance/insurance';
import { EXPIRING_SOON_DAYS } from '@openride/shared/compliance/schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { FilePicker } from '@/components/ui/file-picker';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useAddPolicy, useVehiclePolicies } from '../api/insurance';

const text = insuranceText.driver;

/** Days from the browser's today to a last valid day (YYYY-MM-DD); the server's lists use the city's calendar. */
const daysUntil = (date: string) => {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - today) / 86_400_000);
};
const badge: Record<PolicyView['status'], string> = {
  in_review: 'bg-amber-100 text-amber-900',
  verified: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
  superseded: 'bg-ink-100 text-ink-700',
};

/**
 * The "Insurance" section of a vehicle's card on /vehicles (decision 0052): the valid policy's cover dates
 * and document, a newer one waiting for review or rejected with the reason, and Add / Renew policy.
 */
export function InsuranceVehicleSection({ vehicleId, name }: { vehicleId: string; name: string }) {
  const policies = useVehiclePolicies(vehicleId);
  const [adding, setAdding] = useState(false);
  const list = policies.data ?? [];
  const verified = list.find((p) => p.status === 'verified');
  const newest = list[0];
  const pending = newest && newest !== verified ? newest : undefined;
  return (
    <section aria-label={`${insuranceText.title}: ${name}`} className="space-y-2 rounded-2xl bg-ink-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{insuranceText.title}</p>
      <QueryView
        query={policies}
        loadFailed={text.loadFailed}
        loading={null}
        isEmpty={(data) => data.length === 0}
        empty={<p className="text-sm text-ink-600">{text.none}</p>}
      >
        {() => (
          <>
            {[verified, pending]
              .filter((p): p is PolicyView => Boolean(p))
              .map((p) => (
                <div key={p.id} className="flex items-start gap-3">
                  <FileThumbs ids={[p.file_id]} size="sm" alt={() => text.documentAlt(name)} />
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-1.5">
                      <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', badge[p.status])}>
                        {insuranceText.statuses[p.status]}
                      </span>
                      <span className="break-words text-ink-800">{p.insurer}</span>
                    </p>
                    <p className="text-ink-600">{text.cover(p.coverage_start, p.coverage_end)}</p>
                    {p.status === 'verified' && daysUntil(p.coverage_end) <= EXPIRING_SOON_DAYS ? (
                      <p className="font-medium text-amber-800">
                        {daysUntil(p.coverage_end) < 0 ? complianceText.statuses.expired : complianceText.expiresIn(daysUntil(p.coverage_end))}
                      </p>
                    ) : null}
                    {p.status === 'rejected' && p.rejection_reason ? <p className="text-red-800">{text.rejectedBecause(p.rejection_reason)}</p> : null}
                  </div>
                </div>
              ))}
          </>
        )}
      </QueryView>
      {adding ? (
        <PolicyForm vehicleId={vehicleId} name={name} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setAdding(true)} aria-label={`${verified ? text.renew : text.add}: ${name}`}>
          {verified ? text.renew : text.add}
        </Button>
      )}
    </section>
  );
}

function PolicyForm({ vehicleId, name, onDone }: { vehicleId: string; name: string; onDone: () => void }) {
  const add = useAddPolicy(vehicleId);
  const form = useZodForm(policyInputSchema, {
    defaultValues: { insurer: '', policy_number: '', insured_name: '', coverage_start: '', coverage_end: '', file_id: '' },
  });
  const fileError = form.formState.errors.file_id?.message;
  // Send waits for the document's upload to finish (its file id is what is sent).
  const [uploading, setUploading] = useState(false);
  return (
    <Form
      form={form}
      aria-label={`${text.formTitle}: ${name}`}
      onSubmit={(input) =>
        add.mutate(input, {
          onSuccess: () => {
            toast({ title: text.sent });
            onDone();
          },
        })
      }
      className="grid gap-3"
    >
      <FormField name="insurer" label={text.insurer} autoComplete="off" />
      <FormField name="policy_number" label={text.policyNumber} autoComplete="off" />
      <FormField name="insured_name" label={text.insuredName} hint={text.insuredNameHint} autoComplete="name" />
      <div className="grid gap-3 min-[400px]:grid-cols-2">
        <FormField name="coverage_start" label={text.start} type="date" />
        <FormField name="coverage_end" label={text.end} type="date" />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-ink-800">{text.documentLabel}</p>
        <FilePicker
          label={text.document(name)}
          purpose="insurance"
          camera
          onBusyChange={setUploading}
          onUploaded={(file) => form.setValue('file_id', file.id, { shouldValidate: true })}
        />
        <Alert>{fileError ? text.documentRequired : null}</Alert>
      </div>
      <MutationError error={add.error} fallback={text.saveFailed} />
      <div className="flex flex-col gap-2 min-[400px]:flex-row">
        <Button type="submit" size="sm" disabled={add.isPending || uploading}>
          {text.submit}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}
