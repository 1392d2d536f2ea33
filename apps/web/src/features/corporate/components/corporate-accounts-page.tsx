import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { describeHours } from '@openride/shared/corporate/policy';
import type { CompanyPolicy } from '@openride/shared/corporate/schemas';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Field, inputClasses } from '@/components/ui/field';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { StaticTable } from '@/components/ui/static-table';
import { formatMoney } from '@/lib/money';
import { useMe } from '@/lib/session';
import { budgetApplies, MemberBudgetDialog } from './member-budget-dialog';
import {
  type CompanyDetail,
  type CompanyMember,
  type CompanyView,
  corporateKeys,
  useAcceptInvitation,
  useAdminCompany,
  useCompanyAction,
  useCompanyDetail,
  useCreateCompany,
  useInvitation,
  useMyCompanies,
  useUpdateCompany,
} from '../api/corporate';
import { useAdminCities } from '@/lib/admin-cities';

const text = corporateText;
/** Where a later slice composes a company's invoices (the route module passes it; decision 0067). */
export type InvoicesSlot = (company: CompanyView, reader: 'platform_admin' | 'company_admin') => ReactNode;

const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
const fromCents = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * /corporate-accounts (issue 16, decisions 0066 and 0067): one path, three readers. An invitation link
 * (?invite=TOKEN) asks to accept; platform admins list, create, edit and suspend companies; company admins run
 * their company's people, policy and spending; members see the accounts they ride on.
 */
export function CorporateAccountsPage({ invoices }: { invoices?: InvoicesSlot }) {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const token = params.get('invite');
  if (me.isPending) return <LoadingScreen />;
  return (
    <PageContainer>
      <PageHeading title={uiText.pages.corporateAccounts.title} description="Companies ride on account: their people, their rules, their spending.">
        {me.data?.isAdmin ? (
          <Link to="/corporate-accounts/invoices" className={buttonClasses({ variant: 'outline' })}>
            All invoices
          </Link>
        ) : null}
      </PageHeading>
      <div className="space-y-8">
        {token ? <InvitationCard token={token} onDone={() => setParams({}, { replace: true })} /> : null}
        {me.data?.isAdmin ? <PlatformCompanies invoices={invoices} /> : null}
        <MyCompanies invoices={invoices} quietWhenEmpty={Boolean(me.data?.isAdmin)} />
      </div>
    </PageContainer>
  );
}

function InvitationCard({ token, onDone }: { token: string; onDone: () => void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  return (
    <section aria-labelledby="invitation-title" className="rounded-2xl border-2 border-brand-200 bg-brand-50 p-4 sm:p-6">
      <h2 id="invitation-title" className="text-lg font-semibold text-ink-900">
        Invitation
      </h2>
      <QueryView
        query={invitation}
        loadFailed={text.refusals.invitationInvalid}
        errorView={(error) => <MutationError error={error} fallback={text.refusals.invitationInvalid} className="mt-2 font-medium" />}
      >
        {(inv) =>
          accept.isSuccess ? (
            <div className="mt-2 space-y-3">
              <p role="status" className="text-sm font-medium text-ink-900">
                You joined {accept.data.name}. Choose “{text.business(accept.data.name)}” when you book a ride.
              </p>
              <Button variant="outline" size="sm" onClick={onDone}>
                Done
              </Button>
            </div>
          ) : (
            <div className="mt-2 space-y-3">
              <p className="text-sm text-ink-800">
                <strong>{inv.company_name}</strong> invited {inv.email} to ride on its account{inv.role === 'admin' ? ' as a company admin' : ''}.
              </p>
              <MutationError error={accept.error} />
              <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
                Accept invitation
              </Button>
            </div>
          )
        }
      </QueryView>
    </section>
  );
}

function PlatformCompanies({ invoices }: { invoices?: InvoicesSlot }) {
  const [shown, setShown] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<CompanyView>[]>(
    () => [
      { id: 'name', header: 'Company', enableSorting: true, cell: ({ row }) => <span className="font-semibold text-ink-900">{row.original.name}</span> },
      { id: 'city', header: 'City', cell: ({ row }) => row.original.city_name },
      { id: 'status', header: 'Status', cell: ({ row }) => (row.original.status === 'active' ? 'Active' : 'Suspended') },
      { id: 'members', header: 'People', cell: ({ row }) => row.original.members_count },
      {
        id: 'owed',
        header: 'Owes / credit limit',
        cell: ({ row: { original: c } }) => `${formatMoney(c.owed_cents, c.currency)} / ${formatMoney(c.credit_limit_cents, c.currency)}`,
      },
      {
        id: 'created_at',
        header: 'Created',
        enableSorting: true,
        meta: { firstDir: 'desc' },
        cell: ({ row }) => new Date(row.original.created_at).toLocaleDateString(),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button variant="outline" size="sm" onClick={() => setShown(row.original.id)} aria-label={`Manage ${row.original.name}`}>
            Manage
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <section aria-labelledby="companies-title" className="space-y-6">
      <h2 id="companies-title" className="text-xl font-bold text-ink-900">
        Companies
      </h2>
      <DataTable
        label="Companies"
        endpoint="/api/admin/companies"
        queryKey={corporateKeys.list}
        columns={columns}
        getRowId={(c) => c.id}
        defaultSort={{ id: 'created_at', dir: 'desc' }}
        searchLabel="Search by name or billing email"
        filters={[
          {
            id: 'status',
            label: 'Status',
            options: [
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
            ],
          },
        ]}
        empty="No companies yet."
        loadFailed="Could not load companies."
      />
      {shown ? <AdminCompany id={shown} onClose={() => setShown(null)} invoices={invoices} /> : null}
      <NewCompany />
    </section>
  );
}

function NewCompany() {
  const cities = useAdminCities();
  const create = useCreateCompany();
  const [form, setForm] = useState({ city_id: '', name: '', billing_email: '', credit: '', admin_email: '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const cityId = form.city_id || cities.data?.[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        city_id: cityId,
        name: form.name,
        billing_email: form.billing_email,
        billing_cycle: 'monthly',
        credit_limit_cents: toCents(form.credit) ?? 0,
        admin_email: form.admin_email,
      },
      { onSuccess: () => setForm((f) => ({ ...f, name: '', billing_email: '', credit: '', admin_email: '' })) },
    );
  };
  return (
    <section aria-labelledby="new-company" className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <h3 id="new-company" className="mb-4 text-lg font-semibold text-ink-900">
        New company
      </h3>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="company-city" className="block text-sm font-medium text-ink-800">
            City
          </label>
          <select id="company-city" className={inputClasses} value={cityId} onChange={(e) => set('city_id', e.target.value)}>
            {(cities.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.currency})
              </option>
            ))}
          </select>
        </div>
        <Field label="Company name" value={form.name} onChange={(e) => set('name', e.target.value)} required maxLength={120} />
        <Field label="Billing email" type="email" value={form.billing_email} onChange={(e) => set('billing_email', e.target.value)} required />
        <Field
          label="Credit limit"
          hint="What it may owe at once, in the city’s currency"
          inputMode="decimal"
          value={form.credit}
          onChange={(e) => set('credit', e.target.value)}
          required
        />
        <Field
          label="First company admin’s email"
          hint="An existing account becomes admin at once; anyone else is invited by email."
          type="email"
          value={form.admin_email}
          onChange={(e) => set('admin_email', e.target.value)}
          required
        />
        <p className="self-end text-sm text-ink-600">Billing cycle: monthly</p>
        <div className="space-y-2 sm:col-span-2">
          <MutationError error={create.error} />
          {create.isSuccess ? (
            <p role="status" className="text-sm text-ink-700">
              {create.data.company.name} created; {create.data.admin.email}{' '}
              {create.data.admin.added ? 'is its company admin' : 'was invited as its company admin'}.
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending || !cityId}>
            Create company
          </Button>
        </div>
      </form>
    </section>
  );
}

function AdminCompany({ id, onClose, invoices }: { id: string; onClose: () => void; invoices?: InvoicesSlot }) {
  const detail = useAdminCompany(id);
  const update = useUpdateCompany();
  const [edit, setEdit] = useState<{ name: string; billing_email: string; credit: string } | null>(null);
  const [confirm, setConfirm] = useState(false);
  return (
    <QueryView query={detail} loadFailed="We couldn't load the company. Check your connection and try again.">
      {(data) => {
        const c = data.company;
        const form = edit ?? { name: c.name, billing_email: c.billing_email, credit: fromCents(c.credit_limit_cents) };
        const save = (event: FormEvent) => {
          event.preventDefault();
          update.mutate(
            { id, version: c.version, name: form.name, billing_email: form.billing_email, credit_limit_cents: toCents(form.credit) ?? 0 },
            { onSuccess: () => (setEdit(null), void detail.refetch()) },
          );
        };
        const suspend = c.status === 'active';
        return (
          <section aria-labelledby="admin-company" className="space-y-4 rounded-2xl border-2 border-ink-100 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="admin-company" className="text-lg font-semibold text-ink-900">
                {c.name} <span className="text-sm font-normal text-ink-600">({c.status === 'active' ? 'Active' : 'Suspended'})</span>
              </h3>
              <Button variant="ghost" size="sm" onClick={onClose}>
                Close
              </Button>
            </div>
            <form onSubmit={save} className="grid gap-4 sm:grid-cols-3">
              <Field label="Name" value={form.name} onChange={(e) => setEdit({ ...form, name: e.target.value })} required />
              <Field
                label="Billing email"
                type="email"
                value={form.billing_email}
                onChange={(e) => setEdit({ ...form, billing_email: e.target.value })}
                required
              />
              <Field label="Credit limit" inputMode="decimal" value={form.credit} onChange={(e) => setEdit({ ...form, credit: e.target.value })} required />
              <div className="flex flex-wrap gap-2 sm:col-span-3">
                <Button type="submit" disabled={update.isPending}>
                  Save company
                </Button>
                <Button variant={suspend ? 'destructive' : 'outline'} onClick={() => setConfirm(true)} disabled={update.isPending}>
                  {suspend ? 'Suspend' : 'Reactivate'}
                </Button>
              </div>
              <MutationError error={update.error} className="sm:col-span-3" />
            </form>
            <ConfirmDialog
              open={confirm}
              onOpenChange={setConfirm}
              title={suspend ? `Suspend ${c.name}` : `Reactivate ${c.name}`}
              description={
                suspend
                  ? 'Its members will not be able to request business rides; rides under way finish on account.'
                  : 'Its members may ride on account again.'
              }
              confirmLabel={suspend ? 'Suspend Company' : 'Reactivate Company'}
              variant={suspend ? 'destructive' : 'primary'}
              onConfirm={() => {
                setConfirm(false);
                update.mutate({ id, version: c.version, status: suspend ? 'suspended' : 'active' }, { onSuccess: () => void detail.refetch() });
              }}
            />
            <PeopleTable detail={data} />
            {invoices ? invoices(c, 'platform_admin') : null}
          </section>
        );
      }}
    </QueryView>
  );
}

function MyCompanies({ invoices, quietWhenEmpty }: { invoices?: InvoicesSlot; quietWhenEmpty: boolean }) {
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

function PeopleTable({
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

function CompanyAdminPanel({ id, invoices }: { id: string; invoices?: InvoicesSlot }) {
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

const DAYS = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [7, 'Sun'],
] as const;

function PolicyForm({ detail, onSave, saving }: { detail: CompanyDetail; onSave: (body: CompanyPolicy & { version: number }) => void; saving: boolean }) {
  const p = detail.policy;
  const [f, setF] = useState({
    ride_types: p.ride_types,
    limit: fromCents(p.per_ride_limit_cents),
    budget: fromCents(p.monthly_budget_cents),
    hoursOn: p.allowed_hours !== null,
    days: p.allowed_hours?.days ?? [1, 2, 3, 4, 5],
    from: p.allowed_hours?.from ?? '07:00',
    to: p.allowed_hours?.to ?? '20:00',
    addresses: p.approved_addresses.map((a) => ({ label: a.label, at: `${a.lat}, ${a.lng}` })),
    radius: String(p.radius_m),
    expense: p.expense_code_required,
  });
  const set = <K extends keyof typeof f>(key: K, value: (typeof f)[K]) => setF((x) => ({ ...x, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      version: p.version,
      ride_types: f.ride_types,
      per_ride_limit_cents: toCents(f.limit),
      monthly_budget_cents: toCents(f.budget),
      allowed_hours: f.hoursOn ? { days: f.days, from: f.from, to: f.to } : null,
      approved_addresses: f.addresses.map((a) => {
        const [lat, lng] = a.at.split(',').map((s) => Number(s.trim()));
        return { label: a.label, lat: lat ?? NaN, lng: lng ?? NaN };
      }),
      radius_m: Number(f.radius),
      expense_code_required: f.expense,
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`policy-${detail.company.id}`} className="space-y-4 rounded-2xl bg-ink-50 p-4">
      <h3 id={`policy-${detail.company.id}`} className="text-lg font-semibold text-ink-900">
        Ride policy
      </h3>
      <fieldset>
        <legend className="text-sm font-medium text-ink-800">Allowed ride types</legend>
        <div className="flex flex-wrap gap-3">
          {RIDE_TYPES.map((t) => (
            <label key={t} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={f.ride_types.includes(t)}
                onChange={(e) => set('ride_types', e.target.checked ? [...f.ride_types, t] : f.ride_types.filter((x) => x !== t))}
              />
              {RIDE_TYPE_NAMES[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Per-ride limit" hint="Empty: no limit" inputMode="decimal" value={f.limit} onChange={(e) => set('limit', e.target.value)} />
        <Field label="Monthly budget per member" hint="Empty: no budget" inputMode="decimal" value={f.budget} onChange={(e) => set('budget', e.target.value)} />
        <Field label="Radius around approved addresses (m)" inputMode="numeric" value={f.radius} onChange={(e) => set('radius', e.target.value)} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Allowed hours ({detail.company.time_zone})</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={f.hoursOn} onChange={(e) => set('hoursOn', e.target.checked)} />
          Only on these days and hours
        </label>
        {f.hoursOn ? (
          <div className="space-y-2">
            <div className="flex flex-wrap gap-3">
              {DAYS.map(([d, name]) => (
                <label key={d} className="inline-flex min-h-11 items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={f.days.includes(d)}
                    onChange={(e) => set('days', e.target.checked ? [...f.days, d].sort() : f.days.filter((x) => x !== d))}
                  />
                  {name}
                </label>
              ))}
            </div>
            <div className="grid max-w-sm grid-cols-2 gap-3">
              <Field label="From" type="time" value={f.from} onChange={(e) => set('from', e.target.value)} />
              <Field label="To" type="time" value={f.to} onChange={(e) => set('to', e.target.value)} />
            </div>
            <p className="text-xs text-ink-600">{text.hoursHint}</p>
            {f.days.length > 0 && f.from !== f.to ? (
              <p className="text-sm font-medium text-ink-800" aria-live="polite">
                {describeHours({ days: f.days, from: f.from, to: f.to })}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Approved pickup addresses (none: anywhere)</legend>
        {f.addresses.map((a, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <Field
              label={`Address ${i + 1} name`}
              value={a.label}
              onChange={(e) =>
                set(
                  'addresses',
                  f.addresses.map((x, k) => (k === i ? { ...x, label: e.target.value } : x)),
                )
              }
              required
            />
            <Field
              label={`Address ${i + 1} position (lat, lng)`}
              value={a.at}
              onChange={(e) =>
                set(
                  'addresses',
                  f.addresses.map((x, k) => (k === i ? { ...x, at: e.target.value } : x)),
                )
              }
              required
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                set(
                  'addresses',
                  f.addresses.filter((_, k) => k !== i),
                )
              }
              aria-label={`Remove address ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" onClick={() => set('addresses', [...f.addresses, { label: '', at: '' }])}>
          Add an address
        </Button>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
        <input type="checkbox" className="size-4" checked={f.expense} onChange={(e) => set('expense', e.target.checked)} />
        Expense code required on every ride
      </label>
      <div>
        <Button type="submit" disabled={saving}>
          Save policy
        </Button>
      </div>
    </form>
  );
}
