import { type FormEvent, useState } from 'react';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, inputClasses } from '@/components/ui/field';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import { useCompanyAction, useCompanyDetail } from '../api/corporate';
import type { InvoicesSlot } from './invoices-slot';
import { MemberBudgetDialog } from './member-budget-dialog';
import { PeopleTable } from './people-table';
import { PolicyForm } from './policy-form';

const text = corporateText;

/** A company admin runs their company: its people (budgets, removal), invitations, ride policy and invoices. */
export function CompanyAdminPanel({ id, invoices }: { id: string; invoices?: InvoicesSlot }) {
  const detail = useCompanyDetail(id);
  const action = useCompanyAction(id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [budgetFor, setBudgetFor] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; email: string } | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  return (
    <QueryView query={detail} loadFailed="Could not load your company.">
      {(data) => {
        const { company } = data;
        const invite = (event: FormEvent) => {
          event.preventDefault();
          action.mutate({ path: '/invitations', method: 'POST', body: { email, role } }, { onSuccess: () => (setInvited(email), setEmail('')) });
        };
        return (
          <section aria-labelledby={`company-${id}`} className="space-y-6 rounded-2xl border border-ink-100 p-4 sm:p-6">
            <div>
              <h2 id={`company-${id}`} className="text-xl font-bold text-ink-900">
                {company.name}
              </h2>
              <p className="text-sm text-ink-600">
                {company.city_name} · {company.status === 'active' ? 'Active' : 'Suspended'} · owes {formatMoney(company.owed_cents, company.currency)} of{' '}
                {formatMoney(company.credit_limit_cents, company.currency)} credit
              </p>
            </div>
            <MutationError error={action.error} className="font-medium" />
            <PeopleTable detail={data} onRemove={(userId, name) => setRemoving({ id: userId, name })} onBudget={(m) => setBudgetFor(m.user_id)} />
            <MemberBudgetDialog
              companyId={id}
              currency={company.currency}
              policyBudgetCents={data.policy.monthly_budget_cents}
              member={data.members.find((m) => m.user_id === budgetFor && m.status === 'active') ?? null}
              onClose={() => setBudgetFor(null)}
            />
            <ConfirmDialog
              open={removing !== null}
              onOpenChange={(open) => !open && setRemoving(null)}
              title={`Remove ${removing?.name ?? ''}`}
              description="They will not be able to ride on the company’s account any more. Rides under way finish on account."
              confirmLabel="Remove Person"
              variant="destructive"
              onConfirm={() => {
                const who = removing!;
                setRemoving(null);
                action.mutate({ path: `/members/${encodeURIComponent(who.id)}/remove`, method: 'POST', body: {} });
              }}
            />
            <form onSubmit={invite} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" aria-label="Invite a person">
              <Field label="Invite by email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
              <div className="space-y-1.5">
                <label htmlFor={`invite-role-${id}`} className="block text-sm font-medium text-ink-800">
                  Role
                </label>
                <select id={`invite-role-${id}`} className={inputClasses} value={role} onChange={(e) => setRole(e.target.value as 'member' | 'admin')}>
                  <option value="member">Member</option>
                  <option value="admin">Company admin</option>
                </select>
              </div>
              <Button type="submit" disabled={action.isPending}>
                Send invitation
              </Button>
            </form>
            {invited ? (
              <p role="status" className="text-sm text-ink-700">
                Invitation sent to {invited}.
              </p>
            ) : null}
            {data.invitations.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold text-ink-900">Invitations waiting</h3>
                <ul className="mt-1 space-y-1 text-sm text-ink-700">
                  {data.invitations.map((i) => (
                    <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span>
                        {i.email} ({i.role === 'admin' ? 'company admin' : 'member'}) —{' '}
                        {i.expired ? 'expired' : `until ${new Date(i.expires_at).toLocaleDateString()}`}
                      </span>
                      <Button variant="outline" size="sm" onClick={() => setRevoking({ id: i.id, email: i.email })} aria-label={text.revoke.button(i.email)}>
                        Revoke
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <ConfirmDialog
              open={revoking !== null}
              onOpenChange={(open) => !open && setRevoking(null)}
              title={text.revoke.title(revoking?.email ?? '')}
              description={text.revoke.description}
              confirmLabel={text.revoke.confirm}
              variant="destructive"
              onConfirm={() => {
                const which = revoking!;
                setRevoking(null);
                action.mutate({ path: `/invitations/${encodeURIComponent(which.id)}/revoke`, method: 'POST', body: {} });
              }}
            />
            <PolicyForm
              key={data.policy.version}
              detail={data}
              saving={action.isPending}
              onSave={(body) => action.mutate({ path: '/policy', method: 'PUT', body })}
            />
            {/* Invoices (issue 16's billing slice) are composed here by the route module. */}
            {invoices ? invoices(company, 'company_admin') : null}
          </section>
        );
      }}
    </QueryView>
  );
}
