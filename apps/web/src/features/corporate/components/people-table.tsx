import { corporateText } from '@openride/shared/corporate/corporate-text';
import { Button } from '@/components/ui/button';
import { StaticTable } from '@/components/ui/static-table';
import { formatMoney } from '@/lib/money';
import type { CompanyDetail, CompanyMember } from '../api/corporate';
import { budgetApplies } from './member-budget-dialog';

const text = corporateText;

/** A company's active people and their spending this month; Budget and Remove when a company admin reads it. */
export function PeopleTable({
  detail,
  onRemove,
  onBudget,
}: {
  detail: CompanyDetail;
  onRemove?: (userId: string, name: string) => void;
  onBudget?: (member: CompanyMember) => void;
}) {
  const { company } = detail;
  const people = detail.members.filter((m) => m.status === 'active');
  return (
    <StaticTable
      label="People and spending this month"
      caption="People and spending this month"
      variant="plain"
      tableClassName="min-w-[36rem]"
      rows={people}
      getRowKey={(p) => p.user_id}
      columns={[
        { id: 'name', header: 'Name', cellClassName: 'font-medium text-ink-900', cell: (p) => p.name },
        { id: 'email', header: 'Email', cell: (p) => p.email },
        { id: 'role', header: 'Role', cell: (p) => (p.role === 'admin' ? 'Company admin' : 'Member') },
        {
          id: 'spent',
          header: 'Spent / budget',
          className: 'tabular-nums',
          cell: (p) => `${formatMoney(p.spent_cents, company.currency)} / ${budgetApplies(p, company.currency)}`,
        },
        ...(onRemove
          ? [
              {
                id: 'actions',
                header: 'Actions',
                srOnlyHeader: true,
                cell: (p: CompanyMember) => (
                  <div className="flex flex-wrap gap-2">
                    {onBudget ? (
                      <Button variant="outline" size="sm" onClick={() => onBudget(p)} aria-label={text.budget.button(p.name)}>
                        Budget
                      </Button>
                    ) : null}
                    <Button variant="outline" size="sm" onClick={() => onRemove(p.user_id, p.name)} aria-label={`Remove ${p.name}`}>
                      Remove
                    </Button>
                  </div>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
