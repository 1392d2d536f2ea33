import { STAFF_ROLES, type StaffRole } from '@openride/shared/admin/permissions';
import { cityIdsOf, type InviteStaffFormInput, inviteStaffFormSchema, type StaffRoleFormInput, staffRoleFormSchema } from '@openride/shared/admin/staff';
import { staffText } from '@openride/shared/admin/staff-text';
import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxGroupField } from '@/components/ui/checkbox-group';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { type StaticColumn, StaticTable } from '@/components/ui/static-table';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@openride/shared/messages';
import { isApiError } from '@/lib/api';
import { useAdminCities } from '@/lib/admin-cities';
import { formatDate } from '@/lib/format';
import { useMe } from '@/lib/session';
import { DutiesCard } from './duties-card';
import {
  type StaffInvitationView,
  type StaffMemberView,
  useInviteStaff,
  useRemoveStaff,
  useResetStaffTwoFactor,
  useRevokeStaffInvitation,
  useStaffList,
  useUpdateStaff,
} from '../api/staff';

const text = staffText.page;
/** The server's words for a refusal (LAST_OWNER…), ours when it did not answer. */
const refusalOf = (error: unknown) => (isApiError(error) && error.status < 500 ? error.message : messages.errors.error.unexpected);
type City = { id: string; name: string };

/** "San Francisco, Madrid", or "Every city" (null). An id no longer known shows as itself. */
const citiesLabel = (ids: readonly string[] | null, cities: readonly City[]) =>
  ids === null ? text.everyCity : ids.map((id) => cities.find((c) => c.id === id)?.name ?? id).join(', ');

/**
 * /staff (issue 29 §2, decision 0089): an owner's list of the staff with their roles and cities, the
 * invitations still waiting, and the verbs: invite, change a role, remove, revoke. The server refuses
 * everyone but an owner whatever this page shows.
 */
export function StaffPage() {
  const staff = useStaffList();
  const cities = useAdminCities();
  const me = useMe();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMemberView | null>(null);
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const [revoking, setRevoking] = useState<StaffInvitationView | null>(null);
  const [resetting, setResetting] = useState<StaffMemberView | null>(null);
  const reset = useResetStaffTwoFactor();
  const remove = useRemoveStaff();
  const revoke = useRevokeStaffInvitation();
  const cityList = cities.data ?? [];

  const memberColumns: StaticColumn<StaffMemberView>[] = [
    {
      id: 'name',
      header: text.name,
      rowHeader: true,
      cell: (m) => (
        <>
          {m.name} {m.user_id === me.data?.user.id ? <span className="text-ink-600">{text.you}</span> : null}
          <span className="block break-all text-xs font-normal text-ink-600">{m.email}</span>
          {/* On a phone the role and cities are read here: the row keeps to the screen's width. */}
          <span className="block text-xs font-normal text-ink-800 sm:hidden">
            {staffText.roles[m.role]} · {citiesLabel(m.city_ids, cityList)}
          </span>
        </>
      ),
    },
    { id: 'role', header: text.role, cell: (m) => staffText.roles[m.role], className: 'hidden sm:table-cell' },
    { id: 'cities', header: text.cities, cell: (m) => citiesLabel(m.city_ids, cityList), className: 'hidden sm:table-cell' },
    { id: 'two-factor', header: text.twoFactor, cell: (m) => (m.two_factor ? text.twoFactorOn : text.twoFactorOff), className: 'hidden md:table-cell' },
    { id: 'since', header: text.since, cell: (m) => formatDate(m.since), className: 'hidden sm:table-cell' },
    {
      id: 'actions',
      header: text.actions,
      srOnlyHeader: true,
      align: 'end',
      cell: (m) => (
        <span className="inline-flex flex-col gap-2 sm:flex-row">
          <Button size="sm" variant="outline" onClick={() => setChanging(m)} aria-label={`${text.change}: ${m.name}`}>
            {text.change}
          </Button>
          {m.two_factor && m.user_id !== me.data?.user.id ? (
            <Button size="sm" variant="outline" onClick={() => setResetting(m)} aria-label={`${text.resetTwoFactor}: ${m.name}`}>
              {text.resetTwoFactor}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setRemoving(m)} aria-label={`${text.remove}: ${m.name}`}>
            {text.remove}
          </Button>
        </span>
      ),
    },
  ];
  const invitationColumns: StaticColumn<StaffInvitationView>[] = [
    {
      id: 'email',
      header: text.email,
      rowHeader: true,
      cell: (i) => (
        <>
          <span className="break-all">{i.email}</span>
          <span className="block text-xs font-normal text-ink-800 sm:hidden">
            {staffText.roles[i.role]} · {citiesLabel(i.city_ids, cityList)}
          </span>
        </>
      ),
    },
    { id: 'role', header: text.role, cell: (i) => staffText.roles[i.role], className: 'hidden sm:table-cell' },
    { id: 'cities', header: text.cities, cell: (i) => citiesLabel(i.city_ids, cityList), className: 'hidden sm:table-cell' },
    { id: 'expires', header: text.expires, cell: (i) => (i.expired ? text.expired : formatDate(i.expires_at)), className: 'hidden sm:table-cell' },
    {
      id: 'actions',
      header: text.actions,
      srOnlyHeader: true,
      align: 'end',
      cell: (i) => (
        <Button size="sm" variant="outline" onClick={() => setRevoking(i)} aria-label={`${text.revoke}: ${i.email}`}>
          {text.revoke}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer className="max-w-5xl">
      <PageHeading title={text.title} description={text.description} />
      <QueryView query={staff} loadFailed={text.loadFailed} keepData>
        {(list) => (
          <div className="space-y-6">
            <SectionCard id="staff-members" title={text.members} actions={<Button onClick={() => setInviting(true)}>{text.invite}</Button>}>
              <StaticTable label={text.members} variant="plain" columns={memberColumns} rows={list.members} getRowKey={(m) => m.user_id} />
            </SectionCard>
            <DutiesCard />
            <SectionCard id="staff-invitations" title={text.invitations}>
              <StaticTable
                label={text.invitations}
                variant="plain"
                columns={invitationColumns}
                rows={list.invitations}
                getRowKey={(i) => i.id}
                empty={text.noInvitations}
              />
            </SectionCard>
          </div>
        )}
      </QueryView>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} cities={cityList} />
      <RoleDialog member={changing} onClose={() => setChanging(null)} cities={cityList} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? text.removeTitle(removing.name) : ''}
        description={text.removeDescription}
        confirmLabel={text.remove}
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => toast({ title: text.removed(removing.name) }),
            onError: (error) => toast({ variant: 'destructive', title: refusalOf(error) }),
            onSettled: () => setRemoving(null),
          })
        }
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={resetting ? text.resetTwoFactorTitle(resetting.name) : ''}
        description={text.resetTwoFactorDescription}
        confirmLabel={text.resetTwoFactor}
        variant="destructive"
        busy={reset.isPending}
        onConfirm={() =>
          resetting &&
          reset.mutate(resetting.user_id, {
            onSuccess: () => toast({ title: twoFactorText.cli.reset(resetting.email) }),
            onError: (error) => toast({ variant: 'destructive', title: refusalOf(error) }),
            onSettled: () => setResetting(null),
          })
        }
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? text.revokeTitle(revoking.email) : ''}
        description={text.revokeDescription}
        confirmLabel={text.revoke}
        variant="destructive"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ title: text.revoked(revoking.email) }),
            onError: (error) => toast({ variant: 'destructive', title: refusalOf(error) }),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </PageContainer>
  );
}

/** The role select and the cities: every city, or the ones checked (shown only then). */
function RoleAndCities({ cities }: { cities: readonly City[] }) {
  const scope = useWatch<StaffRoleFormInput, 'scope'>({ name: 'scope' });
  const role = useWatch<StaffRoleFormInput, 'role'>({ name: 'role' });
  return (
    <>
      <FormField name="role" as="select" label={text.role} hint={staffText.roleSummaries[role as StaffRole]}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {staffText.roles[r]}
          </option>
        ))}
      </FormField>
      <FormField name="scope" as="select" label={text.scope}>
        <option value="all">{text.scopeAll}</option>
        <option value="cities">{text.scopeSome}</option>
      </FormField>
      {scope === 'cities' ? (
        <CheckboxGroupField<StaffRoleFormInput, string>
          name="city_ids"
          legend={text.citiesLegend}
          options={cities.map((c) => ({ value: c.id, label: c.name }))}
        />
      ) : null}
    </>
  );
}

function InviteDialog({ open, onClose, cities }: { open: boolean; onClose: () => void; cities: readonly City[] }) {
  const invite = useInviteStaff();
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={text.invite}
      description={text.inviteDescription}
      schema={inviteStaffFormSchema}
      defaultValues={{ email: '', role: 'support', scope: 'all', city_ids: [] } satisfies InviteStaffFormInput}
      onSubmit={(v) => invite.mutateAsync({ email: v.email, role: v.role, city_ids: cityIdsOf(v) })}
      onSuccess={(r) => toast({ title: text.invited((r as { invitation: StaffInvitationView }).invitation.email) })}
      submitLabel={text.send}
      pendingLabel={text.sending}
    >
      <FormField name="email" type="email" label={text.email} autoComplete="off" required />
      <RoleAndCities cities={cities} />
    </FormDialog>
  );
}

function RoleDialog({ member, onClose, cities }: { member: StaffMemberView | null; onClose: () => void; cities: readonly City[] }) {
  const update = useUpdateStaff();
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={(o) => !o && onClose()}
      title={member ? text.changeTitle(member.name) : ''}
      description={text.changeDescription}
      schema={staffRoleFormSchema}
      defaultValues={
        {
          role: member?.role ?? 'support',
          scope: member?.city_ids ? 'cities' : 'all',
          city_ids: member?.city_ids ?? [],
        } satisfies StaffRoleFormInput
      }
      onSubmit={(v) => member && update.mutateAsync({ userId: member.user_id, role: v.role, city_ids: cityIdsOf(v) })}
      onSuccess={() => member && toast({ title: text.saved(member.name) })}
      submitLabel={text.save}
    >
      <RoleAndCities cities={cities} />
    </FormDialog>
  );
}
