import { corporateText } from '@openride/shared/corporate/corporate-text';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { useMyCompanies } from '../api/corporate';
import { CompanyAdminPanel } from './company-admin-panel';
import type { InvoicesSlot } from './invoices-slot';

const text = corporateText;

/** The reader's company accounts: a company admin's panel for each they run, a line for each they ride on. */
export function MyCompanies({ invoices, quietWhenEmpty }: { invoices?: InvoicesSlot; quietWhenEmpty: boolean }) {
  const mine = useMyCompanies();
  return (
    <QueryView
      query={mine}
      loadFailed="Could not load your company accounts."
      isEmpty={(d) => d.length === 0}
      empty={quietWhenEmpty ? null : <QueryEmpty>You are not part of a company account. A company admin can invite you by email.</QueryEmpty>}
    >
      {(list) => {
        return (
          <div className="space-y-8">
            {list.map((m) =>
              m.role === 'admin' ? (
                <CompanyAdminPanel key={m.company_id} id={m.company_id} invoices={invoices} />
              ) : (
                <section key={m.company_id} className="rounded-2xl border border-ink-100 p-4">
                  <h2 className="text-lg font-semibold text-ink-900">{m.name}</h2>
                  <p className="text-sm text-ink-700">
                    {m.company_status === 'active'
                      ? `You ride on ${m.name}’s account: choose “${text.business(m.name)}” when you book a ride.`
                      : text.refusals.suspended}
                  </p>
                </section>
              ),
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
