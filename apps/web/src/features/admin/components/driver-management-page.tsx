import { type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, CircleCheck, CircleX } from 'lucide-react';
import { adminText } from '@openride/shared/admin/admin-text';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import { DRIVER_COMPLIANCE_STATES } from '@openride/shared/drivers/schemas';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type ColumnDef, DataTable, type TableFilter } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { type AdminDriver, adminDriversList, DRIVER_FILTERS, type DriverFilter, driverFilterFrom } from '../api/get-admin-drivers';
import { type Review, useReviewDriver } from '../api/review-driver';
import { formatDateTime } from '@/lib/format';
import { formatPhone } from '@openride/shared/phone';

const text = uiText.driverManagement;
const columnsText = adminText.drivers.columns;
const tabItems = DRIVER_FILTERS.map((value) => ({ value, label: text.filters[value] }));

const badgeStyles: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
};
/** The active vehicle's verification (decision 0046): a changed car takes no ride until verified again. */
const vehicleBadge = { pending: 'bg-amber-100 text-amber-900', verified: 'bg-brand-100 text-brand-800', rejected: 'bg-red-100 text-red-800' } as const;
/** An approved driver's papers in their city (decision 0053): the list's filter and column. */
const complianceWords = adminText.drivers.compliance;
const complianceFilter: TableFilter = {
  id: 'compliance',
  label: complianceWords.filter,
  options: DRIVER_COMPLIANCE_STATES.map((value) => ({ value, label: complianceWords[value] })),
};
const complianceBadge = { on_hold: 'bg-red-100 text-red-800', ok: 'bg-brand-100 text-brand-800' } as const;
const statusLabel = (status: string) => (status in text.filters ? text.filters[status as DriverFilter] : status);

/** The applicant's name describes the row's buttons: a screen reader hears "Approve, Pat Applicant". */
const nameId = (driverId: string) => `driver-${driverId}-name`;

type Pending = { driver: AdminDriver; status: Review['status'] };

function actionsColumn(onReview: (pending: Pending) => void, busyId: string | undefined): ColumnDef<AdminDriver> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">{columnsText.actions}</span>,
    meta: { className: 'text-right' },
    cell: ({ row: { original: d } }) => {
      const busy = busyId === d.id;
      return (
        <div className="flex justify-end gap-2">
          {d.verification_status !== 'approved' ? (
            <Button variant="accent" size="sm" disabled={busy} onClick={() => onReview({ driver: d, status: 'approved' })} aria-describedby={nameId(d.id)}>
              <CircleCheck className="size-4" aria-hidden="true" />
              {text.approve}
            </Button>
          ) : null}
          {d.verification_status !== 'rejected' ? (
            <Button
              variant="outline"
              size="sm"
              className="text-red-700"
              disabled={busy}
              onClick={() => onReview({ driver: d, status: 'rejected' })}
              aria-describedby={nameId(d.id)}
            >
              <CircleX className="size-4" aria-hidden="true" />
              {text.reject}
            </Button>
          ) : null}
        </div>
      );
    },
  };
}

/** The list's columns; Approve and Reject only for a staff member whose role may decide applications (`mayReview`). */
function useColumns(onReview: (pending: Pending) => void, busyId: string | undefined, mayReview: boolean) {
  return useMemo<ColumnDef<AdminDriver>[]>(
    () => [
      {
        id: 'full_name',
        header: columnsText.driver,
        enableSorting: true,
        meta: { className: 'min-w-52' },
        cell: ({ row: { original: d } }) => (
          <div>
            <p id={nameId(d.id)} className="font-semibold text-ink-900">
              <Link to={paths.driverDetail(d.id)} className="underline-offset-2 hover:underline">
                {d.full_name}
              </Link>
            </p>
            {/* Operators see the applicant's contact details in full: they may need to call them. */}
            <p className="whitespace-nowrap">{d.email}</p>
            <p>{formatPhone(d.phone)}</p>
          </div>
        ),
      },
      {
        id: 'vehicle',
        header: columnsText.vehicle,
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: d } }) => (
          <div>
            <p>{[d.vehicle_year, d.vehicle_color, d.vehicle_make, d.vehicle_model].filter(Boolean).join(' ')}</p>
            <p>
              <span className="sr-only">{text.plate}: </span>
              <span className="font-mono font-semibold text-ink-900">{d.license_plate}</span>
            </p>
            {d.vehicle_status ? (
              <p className="mt-1">
                <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', vehicleBadge[d.vehicle_status])}>
                  {vehicleText.statuses[d.vehicle_status]}
                </span>
              </p>
            ) : null}
          </div>
        ),
      },
      { id: 'license', header: columnsText.license, meta: { className: 'font-mono' }, cell: ({ row }) => row.original.license_number },
      {
        id: 'created_at',
        header: columnsText.applied,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap', firstDir: 'desc' },
        cell: ({ row: { original: d } }) => <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>,
      },
      {
        id: 'status',
        header: columnsText.status,
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: d } }) => (
          <div className="space-y-1">
            <span
              className={cn('inline-block rounded-full px-2.5 py-1 text-xs font-semibold', badgeStyles[d.verification_status] ?? 'bg-ink-100 text-ink-700')}
            >
              {statusLabel(d.verification_status)}
            </span>
            {d.reviewed_at ? <p className="text-xs text-ink-600">{text.reviewed(formatDateTime(d.reviewed_at))}</p> : null}
            {d.verification_status === 'rejected' && d.rejection_reason ? (
              <p className="text-xs text-red-900">
                <span className="font-semibold">{text.reason}:</span> {d.rejection_reason}
              </p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'compliance',
        header: columnsText.compliance,
        meta: { className: 'min-w-36' },
        cell: ({ row: { original: d } }) =>
          d.compliance ? (
            <div className="space-y-1">
              <span className={cn('inline-block rounded-full px-2.5 py-1 text-xs font-semibold', complianceBadge[d.compliance])}>
                {complianceWords[d.compliance]}
              </span>
              {d.held_kinds.length ? (
                <p className="text-xs text-red-900">
                  <span className="font-semibold">{complianceWords.heldBy}:</span> {d.held_kinds.map((k) => complianceText.kinds[k]).join(', ')}
                </p>
              ) : null}
            </div>
          ) : (
            <span className="text-ink-400">—</span>
          ),
      },
      ...(mayReview ? [actionsColumn(onReview, busyId)] : []),
    ],
    [onReview, busyId, mayReview],
  );
}

/** The approval dialog's sentence for a driver: given by the route (the compliance feature's `ApprovalWords`). */
export type ApprovalWordsOf = (driver: { id: string; name: string }) => ReactNode;

function DriverList({ filter, approvalWords }: { filter: DriverFilter; approvalWords?: ApprovalWordsOf }) {
  const review = useReviewDriver();
  const { city } = useConsoleCity();
  const mayReview = useCan('driver.approve');
  const [pending, setPending] = useState<Pending | null>(null);
  const columns = useColumns(setPending, review.isPending ? review.variables?.id : undefined, mayReview);

  const submit = ({ driver, status }: Pending, reason: string | undefined) => {
    setPending(null);
    review.mutate(
      { id: driver.id, status, reason },
      {
        onSuccess: () => {
          const done = status === 'approved' ? text.approved : text.rejected;
          toast({ title: done.title, description: done.text(driver.full_name) });
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: messages.errors.error.title, description: error.message || messages.errors.error.unexpected });
        },
      },
    );
  };

  const rejecting = pending?.status === 'rejected';
  return (
    <>
      <DataTable
        label={`${uiText.pages.driverManagement.title}: ${text.filters[filter]}`}
        endpoint={adminDriversList.endpoint}
        queryKey={adminDriversList.queryKey}
        params={{ status: filter, city: city ?? undefined }}
        filters={filter === 'approved' || filter === 'all' ? [complianceFilter] : []}
        columns={columns}
        getRowId={(d) => d.id}
        defaultSort={adminDriversList.defaultSort}
        searchLabel={adminText.drivers.search}
        empty={text.empty[filter]}
        loadFailed={text.loadFailed}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={rejecting ? text.rejectDialog.title : adminText.drivers.approveDialog.title}
        description={
          pending
            ? rejecting
              ? text.rejectDialog.text(pending.driver.full_name)
              : (approvalWords?.({ id: pending.driver.id, name: pending.driver.full_name }) ?? adminText.drivers.approveDialog.text(pending.driver.full_name))
            : null
        }
        confirmLabel={rejecting ? text.rejectDialog.confirm : adminText.drivers.approveDialog.confirm}
        cancelLabel={text.rejectDialog.cancel}
        variant={rejecting ? 'destructive' : 'accent'}
        reason={rejecting ? { label: text.rejectDialog.reasonLabel, requiredMessage: text.rejectDialog.reasonRequired, maxLength: 500 } : undefined}
        onConfirm={(reason) => pending && submit(pending, reason)}
      />
    </>
  );
}

/** /driver-management: the review queue. Admins only: the router's admin guard shows everyone else the not-found page. */
export function DriverManagementPage({ approvalWords }: { approvalWords?: ApprovalWordsOf } = {}) {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const filter = driverFilterFrom(params);

  return (
    <PageContainer>
      {me.data?.adminPath ? (
        <Link to={me.data.adminPath} className="mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-ink-600 hover:text-ink-900">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.backToPanel}
        </Link>
      ) : null}
      <PageHeading title={uiText.pages.driverManagement.title} description={uiText.pages.driverManagement.text} />
      <Tabs
        label={text.filterLabel}
        items={tabItems}
        value={filter}
        onValueChange={(next) => setParams(next === 'pending' ? {} : { status: next }, { replace: true })}
        className="[&>[role=tablist]]:max-w-lg"
      >
        {(value) => <DriverList key={value} filter={value} approvalWords={approvalWords} />}
      </Tabs>
    </PageContainer>
  );
}
