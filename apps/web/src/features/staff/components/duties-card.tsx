import { type SeparationOfDuties, separationOfDutiesSchema } from '@openride/shared/admin/staff';
import { staffText } from '@openride/shared/admin/staff-text';
import { Button } from '@/components/ui/button';
import { Form, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { useSaveSeparationOfDuties, useSeparationOfDuties } from '../api/staff';

const text = staffText.duties;

/** The owners' separation of duties (issue 29 §5, decision 0092): where money moves, a second person. */
export function DutiesCard() {
  const duties = useSeparationOfDuties();
  return (
    <SectionCard id="staff-duties" title={text.title} hint={text.description}>
      <QueryView query={duties} loadFailed={text.loadFailed}>
        {(current) => <DutiesForm key={JSON.stringify(current)} current={current} />}
      </QueryView>
    </SectionCard>
  );
}

function DutiesForm({ current }: { current: SeparationOfDuties }) {
  const save = useSaveSeparationOfDuties();
  const form = useZodForm(separationOfDutiesSchema, { defaultValues: current });
  return (
    <Form form={form} onSubmit={(v) => save.mutateAsync(v).then(() => toast({ title: text.saved }))} className="space-y-3">
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink-900">
        <input type="checkbox" className="size-5" {...form.register('payout_runs')} />
        {text.payoutRuns}
      </label>
      <MutationError error={save.error} />
      <Button type="submit" size="sm" disabled={save.isPending}>
        {text.save}
      </Button>
    </Form>
  );
}
