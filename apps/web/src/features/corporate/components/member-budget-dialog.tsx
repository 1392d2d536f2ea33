import { useMemo } from 'react';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { type MemberBudgetFormInput, memberBudgetFormSchema } from '@openride/shared/corporate/schemas';
import type { CompanyMember } from '@openride/shared/corporate/views';
import { moneyInputValue } from '@openride/shared/money';
import { FormField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
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
export function MemberBudgetDialog({ companyId, currency, policyBudgetCents, member, onClose }: Props) {
  const save = useSetMemberBudget(companyId);
  const send = (monthly_budget_cents: number | null) => member && save.mutateAsync({ userId: member.user_id, monthly_budget_cents });
  const schema = useMemo(() => memberBudgetFormSchema(currency), [currency]);
  const policy = policyBudgetCents === null ? text.none : formatMoney(policyBudgetCents, currency);
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? text.title(member.name) : ''}
      description={text.description(policy)}
      schema={schema}
      defaultValues={
        { budget: member?.monthly_budget_cents == null ? '' : moneyInputValue(member.monthly_budget_cents, currency) } satisfies MemberBudgetFormInput
      }
      onSubmit={(v) => send(v.budget)}
      onSuccess={() => member && toast({ title: text.saved(member.name) })}
      submitLabel={text.save}
      secondaryAction={member?.monthly_budget_cents != null ? { label: text.clear, run: () => send(null) } : undefined}
    >
      {member ? (
        <p className="text-sm text-ink-800">
          Applies now: <strong>{budgetApplies(member, currency)}</strong> · spent this month {formatMoney(member.spent_cents, currency)}
        </p>
      ) : null}
      <FormField name="budget" label={text.amount} hint={currency} inputMode="decimal" autoComplete="off" />
    </FormDialog>
  );
}
