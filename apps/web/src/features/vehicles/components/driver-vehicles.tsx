import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Car, Plus } from 'lucide-react';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useActivateVehicle, useOwnVehicles, type Vehicle } from '../api/vehicles';
import { VehicleForm } from './vehicle-form';
import { VehiclePhotos } from './vehicle-photos';

const text = vehicleText.driver;
export const vehicleStatusBadge = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
} as const;

/** More for a vehicle's card, from the route module (another feature's section). */
export type VehicleSlot = (vehicle: { id: string; name: string }) => ReactNode;

/** /vehicles for a driver (decision 0046): their cars, which is active, what each qualifies for; add, edit, set active. */
export function DriverVehicles({ vehicleSlot }: { vehicleSlot?: VehicleSlot } = {}) {
  const vehicles = useOwnVehicles();
  // null: no form; 'new': adding; else the vehicle being edited.
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const activate = useActivateVehicle();
  const page = uiText.pages.vehicles;

  const body = (
    <QueryView
      query={vehicles}
      loadFailed={text.loadFailed}
      errorView={(error) =>
        isApiError(error, 403) ? (
          <QueryEmpty
            action={
              <Link to={paths.driver} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {text.toDriverPage}
              </Link>
            }
          >
            {text.notApproved}
          </QueryEmpty>
        ) : undefined
      }
    >
      {({ vehicles: list, on_ride }) => {
        const active = list.find((v) => v.active);
        return (
          <div className="space-y-6">
            {active && active.status !== 'verified' ? (
              <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
                {text.activePending}
              </p>
            ) : null}
            {editing ? (
              <VehicleForm key={editing === 'new' ? 'new' : editing.id} vehicle={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
            ) : null}
            <MutationError error={activate.error} fallback={text.saveFailed} className="px-4 py-3" />
            {list.length === 0 ? (
              <QueryEmpty icon={Car}>{text.empty}</QueryEmpty>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {list.map((v) => (
                  <li key={v.id}>
                    <VehicleCard
                      vehicle={v}
                      onRide={on_ride}
                      slot={vehicleSlot}
                      busy={activate.isPending}
                      onEdit={() => setEditing(v)}
                      onActivate={() => activate.mutate(v.id, { onSuccess: () => toast({ title: text.activated }) })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      }}
    </QueryView>
  );

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading title={page.title} description={text.intro}>
        {vehicles.isSuccess && editing === null ? (
          <Button onClick={() => setEditing('new')} className="w-full sm:w-auto">
            <Plus className="size-4" aria-hidden="true" />
            {text.add}
          </Button>
        ) : null}
      </PageHeading>
      {body}
    </PageContainer>
  );
}

function VehicleCard({
  vehicle: v,
  onRide,
  slot,
  busy,
  onEdit,
  onActivate,
}: {
  vehicle: Vehicle;
  onRide: boolean;
  slot?: VehicleSlot;
  busy: boolean;
  onEdit: () => void;
  onActivate: () => void;
}) {
  const name = `${v.year} ${v.make} ${v.model}`;
  const cannotActivate = v.status !== 'verified' ? text.onlyVerified : onRide ? text.onRide : null;
  const hintId = `vehicle-${v.id}-hint`;
  return (
    <article
      aria-label={name}
      className={cn('flex h-full flex-col gap-3 rounded-3xl border bg-white p-4 sm:p-5', v.active ? 'border-ink-900' : 'border-ink-200')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-ink-900">{name}</h2>
          <p className="text-sm text-ink-600">
            {v.color} · {v.license_plate} · {vehicleText.form.seats}: {v.seats}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {v.active ? <span className="inline-flex rounded-full bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white">{text.active}</span> : null}
          <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', vehicleStatusBadge[v.status])}>
            {vehicleText.statuses[v.status]}
          </span>
        </div>
      </div>
      {v.status === 'rejected' && v.rejection_reason ? <p className="text-sm text-red-800">{text.rejectedBecause(v.rejection_reason)}</p> : null}
      <div>
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{v.status === 'verified' ? text.qualifies : text.qualifiesOnceVerified}</p>
        {v.ride_types.length === 0 ? (
          <p className="text-sm text-ink-600">{text.noCity}</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {v.ride_types.map((c) => (
              <li key={c.city_id} className="flex flex-wrap items-center gap-1.5 text-sm">
                {v.ride_types.length > 1 ? <span className="text-ink-600">{c.city_name}:</span> : null}
                {c.ride_types.map((t) => (
                  <span key={t} className="inline-flex rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-800">
                    {RIDE_TYPE_NAMES[t]}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <VehiclePhotos vehicle={v} name={name} />
      {slot?.({ id: v.id, name })}
      <div className="mt-auto flex flex-col gap-2 pt-1 min-[400px]:flex-row">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`${text.edit}: ${name}`}>
          {text.edit}
        </Button>
        {v.active ? null : (
          <Button
            size="sm"
            onClick={onActivate}
            disabled={busy || cannotActivate !== null}
            aria-describedby={cannotActivate ? hintId : undefined}
            aria-label={`${text.setActive}: ${name}`}
          >
            {text.setActive}
          </Button>
        )}
      </div>
      {!v.active && cannotActivate ? (
        <p id={hintId} className="text-xs text-ink-500">
          {cannotActivate}
        </p>
      ) : null}
    </article>
  );
}
