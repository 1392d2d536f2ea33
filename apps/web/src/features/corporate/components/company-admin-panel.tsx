import { useState } from 'react';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { inviteMemberSchema } from '@openride/shared/corporate/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import { type CompanyWrite, useCompanyAction, useCompanyDetail } from '../api/corporate';
import type { InvoicesSlot } from './invoices-slot';
import { MemberBudgetDialog } from './member-budget-dialog';
import { PeopleTable } from './people-table';
import { PolicyForm } from './policy-form';

const text = corporateText;

/** A company admin runs their company: its people (budgets, removal), invitations, ride policy and invoices. */
export function CompanyAdminPanel({ id, invoices }: { id: string; invoices?: InvoicesSlot }) {
  const detail = useCompanyDetail(id);
  const action = useCompanyAction(id);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [budgetFor, setBudgetFor] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; email: string } | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  return (
    <QueryView query={detail} loadFailed="Could not load your company.">
      {(data) => {
        const { company } = data;
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
                action.mutate({ kind: 'remove-member', userId: who.id });
              }}
            />
            <InviteForm
              pending={action.isPending}
              onInvite={(body, done) => action.mutate({ kind: 'invite', body }, { onSuccess: () => (setInvited(body.email), done()) })}
            />
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
                action.mutate({ kind: 'revoke-invitation', invitationId: which.id });
              }}
            />
            <PolicyForm key={data.policy.version} detail={data} saving={action.isPending} onSave={(body) => action.mutate({ kind: 'policy', body })} />
            {/* Invoices (issue 16's billing slice) are composed here by the route module. */}
            {invoices ? invoices(company, 'company_admin') : null}
          </section>
        );
      }}
    </QueryView>
  );
}

type Invitation = Extract<CompanyWrite, { kind: 'invite' }>['body'];

/** Invite by email, as a member or a company admin: the kit's form on the server's schema (each refusal under its field). */
function InviteForm({ pending, onInvite }: { pending: boolean; onInvite: (body: Invitation, done: () => void) => void }) {
  const form = useZodForm(inviteMemberSchema, { defaultValues: { email: '', role: 'member' } });
  return (
    <Form
      form={form}
      onSubmit={(body) => onInvite(body, () => form.reset({ email: '', role: body.role }))}
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label="Invite a person"
    >
      <FormField name="email" label="Invite by email" type="email" />
      <FormField name="role" as="select" label="Role">
        <option value="member">Member</option>
        <option value="admin">Company admin</option>
      </FormField>
      <Button type="submit" disabled={pending}>
        Send invitation
      </Button>
    </Form>
  );
}
