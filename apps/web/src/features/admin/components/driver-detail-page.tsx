import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { auditActionLabels, driverDetailText as text } from '@openride/shared/admin/admin-text';
import type { AuditAction } from '@openride/shared/admin/audit';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatCards } from '@/components/ui/stat-cards';
import { DetailHeader, DetailPage } from '@/components/ui/detail-page';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/staff';
import { type AdminDriverDetail, useDriverDetail, useSetSuspended } from '../api/driver-detail';
import { formatDateTime, percent } from '@/lib/format';
import { DriverComplianceSection } from './driver-compliance';
import { DriverScheduleSection, DriverVehiclesSection } from './driver-vehicles-schedule';
import { formatPhone } from '@openride/shared/phone';

/** /driver/{id} (admins): who the driver is, how they work, what was decided, and Suspend / Reinstate (for a role that may). */
export function DriverDetailPage() {
  const { id = '' } = useParams();
  const detail = useDriverDetail(id);
  return (
    <DetailPage back={{ to: paths.driverManagement, label: text.back }} query={detail} notFound={text.notFound} loadFailed={text.loadFailed}>
      {(data) => <DriverDetail data={data} />}
    </DetailPage>
  );
}

function DriverDetail({ data }: { data: AdminDriverDetail }) {
  const { driver: d, stats, last_position: pos, history } = data;
  const [confirming, setConfirming] = useState(false);
  const setSuspended = useSetSuspended();
  const maySuspend = useCan('driver.suspend');
  const mayReadRides = useCan('ride.read');
  const suspending = !d.suspended;
  const submit = (reason: string) => {
    setConfirming(false);
    setSuspended.mutate(
      { id: d.id, suspend: suspending, reason },
      {
        onSuccess: () => toast({ title: suspending ? text.done.suspend(d.full_name) : text.done.reinstate(d.full_name) }),
        onError: (e) => toast({ variant: 'destructive', title: isApiError(e) && e.status < 500 ? e.message : text.failed }),
      },
    );
  };
  const cards = [
    { label: text.stats.acceptance, value: percent(stats.acceptance_rate), detail: text.stats.offers(stats.offers_accepted, stats.offers) },
    { label: text.stats.cancellation, value: percent(stats.cancellation_rate), detail: text.stats.cancelled(stats.rides_cancelled_by_driver, stats.rides) },
    { label: text.stats.rating, value: stats.rating === null ? text.none : `${stats.rating.toFixed(1)} ★`, detail: text.stats.ratings(stats.ratings) },
    { label: text.stats.rides, value: String(stats.rides_completed) },
  ];

  return (
    <div className="space-y-6">
      <DetailHeader
        title={d.full_name}
        actions={
          <div className="flex flex-wrap gap-2">
            {mayReadRides ? (
              <Link
                to={`${paths.bookingManagement}?driver_id=${encodeURIComponent(d.id)}`}
                className="inline-flex h-10 items-center rounded-xl border border-ink-200 bg-white px-4 text-sm font-semibold text-ink-900 hover:bg-ink-50"
              >
                {text.rides}
              </Link>
            ) : null}
            {maySuspend ? (
              <Button variant={suspending ? 'destructive' : 'accent'} disabled={setSuspended.isPending} onClick={() => setConfirming(true)}>
                {suspending ? text.suspend : text.reinstate}
              </Button>
            ) : null}
          </div>
        }
      >
        <p className="flex flex-wrap gap-2 text-xs font-semibold">
          <span className={cn('rounded-full px-2 py-0.5', d.status === 'available' ? 'bg-brand-100 text-brand-800' : 'bg-ink-100 text-ink-700')}>
            {d.status === 'available' ? text.online : text.offline}
          </span>
          {d.suspended ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-800">{text.suspended}</span> : null}
        </p>
        {d.suspended && d.suspension_reason ? <p className="text-sm text-red-800">{d.suspension_reason}</p> : null}
      </DetailHeader>

      <StatCards cards={cards} />

      <DriverComplianceSection driverId={d.id} />

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard id="driver-application" title={text.application}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-ink-500">{text.fields.email}</dt>
            <dd className="break-all text-ink-900">{d.email}</dd>
            <dt className="text-ink-500">{text.fields.phone}</dt>
            <dd className="text-ink-900">{formatPhone(d.phone)}</dd>
            <dt className="text-ink-500">{text.fields.license}</dt>
            <dd className="text-ink-900">{d.license_number}</dd>
            <dt className="text-ink-500">{driverCityText.label}</dt>
            <dd className={d.city ? 'text-ink-900' : 'font-semibold text-red-700'} data-testid="driver-city">
              {d.city?.name ?? driverCityText.notChosen}
            </dd>
            <dt className="text-ink-500">{text.vehicle}</dt>
            <dd className="text-ink-900">
              {d.vehicle.color} {d.vehicle.year} {d.vehicle.make} {d.vehicle.model} · {d.vehicle.plate}
            </dd>
            <dt className="text-ink-500">{text.fields.verification}</dt>
            <dd className="text-ink-900">
              {d.verification_status}
              {d.rejection_reason ? ` — ${d.rejection_reason}` : ''}
            </dd>
            <dt className="text-ink-500">{text.fields.applied}</dt>
            <dd className="text-ink-900">{formatDateTime(d.applied_at)}</dd>
            {d.reviewed_at ? (
              <>
                <dt className="text-ink-500">{text.fields.reviewed}</dt>
                <dd className="text-ink-900">{formatDateTime(d.reviewed_at)}</dd>
              </>
            ) : null}
          </dl>
        </SectionCard>

        <SectionCard id="driver-history" title={text.history}>
          {history.length === 0 ? (
            <p className="text-sm text-ink-500">{text.historyNone}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {history.map((h, i) => (
                <li key={i}>
                  <p className="font-medium text-ink-900">{auditActionLabels[h.action as AuditAction] ?? h.action}</p>
                  <p className="text-xs text-ink-500">
                    {formatDateTime(h.created_at)}
                    {h.actor_name ? ` · ${h.actor_name}` : ''}
                    {h.reason ? ` · “${h.reason}”` : ''}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <DriverVehiclesSection driverId={d.id} />
        <DriverScheduleSection driverId={d.id} />
      </div>

      <SectionCard
        id="driver-position"
        title={text.position}
        hint={pos ? (pos.live ? text.positionLive : text.positionAt(pos.at ? formatDateTime(pos.at) : text.none)) : text.positionNone}
      >
        {pos ? (
          <RideMap className="h-64 rounded-xl" label={text.position} driver={{ lat: pos.lat, lng: pos.lng }} center={{ lat: pos.lat, lng: pos.lng }} />
        ) : null}
      </SectionCard>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={suspending ? text.suspendDialog.title : text.reinstateDialog.title}
        description={suspending ? text.suspendDialog.text(d.full_name) : text.reinstateDialog.text(d.full_name)}
        confirmLabel={suspending ? text.suspendDialog.confirm : text.reinstateDialog.confirm}
        cancelLabel={text.cancel}
        variant={suspending ? 'destructive' : 'accent'}
        reason={{ label: text.reasonLabel, requiredMessage: text.reasonRequired, maxLength: 500 }}
        onConfirm={(reason) => submit(reason ?? '')}
      />
    </div>
  );
}
