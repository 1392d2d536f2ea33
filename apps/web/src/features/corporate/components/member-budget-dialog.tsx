import * as Dialog from '@radix-ui/react-dialog';
import { kitText } from '@openride/shared/admin/admin-text';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { type MemberBudgetFormInput, memberBudgetFormSchema } from '@openride/shared/corporate/schemas';
import type { CompanyMember } from '@openride/shared/corporate/views';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { MutationError } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import { useSetMemberBudget } from '../api/corporate';

const text = corporateText.budget;

/** "$150.00 (own budget)", "$100.00 (policy)", "no budget": the budget that applies to a person and where it comes from. */
export function budgetApplies(member: Pick<CompanyMember, 'monthly_budget_cents' | 'budget_cents'>, currency: string) {
  if (member.budget_cents === null) return text.none;
  return `${formatMoney(member.budget_cents, currency)} (${member.monthly_budget_cents === null ? text.policy : text.own})`;
}

type Props = {
  companyId: string;
  currency: string;
  /** The policy's budget per member (null: none), which applies when the person has no budget of their own. */
  policyBudgetCents: number | null;
  member: CompanyMember | null;
  onClose: () => void;
};

/**
 * A company admin sets a member's own monthly budget, or clears it back to the policy's (decision 0067's
 * `PUT …/members/:userId/budget`, audited company.member_budget). The amount is checked with the shared schema.
 */
export function MemberBudgetDialog({ member, ...rest }: Props) {
  return (
    <Dialog.Root open={member !== null} onOpenChange={(open) => !open && rest.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        {member ? <BudgetContent member={member} {...rest} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BudgetContent({ companyId, currency, policyBudgetCents, member, onClose }: Props & { member: CompanyMember }) {
  const save = useSetMemberBudget(companyId);
  const form = useZodForm(memberBudgetFormSchema, {
    defaultValues: { budget: member.monthly_budget_cents === null ? '' : (member.monthly_budget_cents / 100).toFixed(2) } satisfies MemberBudgetFormInput,
  });
  const send = (monthly_budget_cents: number | null) =>
    save.mutate(
      { userId: member.user_id, monthly_budget_cents },
      {
        onSuccess: () => {
          toast({ title: text.saved(member.name) });
          onClose();
        },
      },
    );
  const policy = policyBudgetCents === null ? text.none : formatMoney(policyBudgetCents, currency);
  return (
    <Dialog.Content className="fixed top-1/2 left-1/2 z-[51] max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white shadow-2xl focus:outline-none">
      <Form form={form} className="space-y-4 p-6" onSubmit={(v) => send(v.budget)}>
        <Dialog.Title className="text-lg font-semibold text-ink-900">{text.title(member.name)}</Dialog.Title>
        <Dialog.Description className="text-sm text-ink-600">{text.description(policy)}</Dialog.Description>
        <p className="text-sm text-ink-800">
          Applies now: <strong>{budgetApplies(member, currency)}</strong> · spent this month {formatMoney(member.spent_cents, currency)}
        </p>
        <FormField name="budget" label={text.amount} hint={currency} inputMode="decimal" autoComplete="off" />
        <MutationError error={save.error} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="outline">{kitText.cancel}</Button>
          </Dialog.Close>
          {member.monthly_budget_cents !== null ? (
            <Button variant="outline" onClick={() => send(null)} disabled={save.isPending}>
              {text.clear}
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {text.save}
          </Button>
        </div>
      </Form>
    </Dialog.Content>
  );
}
