import { Link } from 'react-router';
import { driverDetailText } from '@openride/shared/admin/admin-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { shiftWords } from '@openride/shared/schedule/schedule-text';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { SectionCard } from '@/components/ui/section-card';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDriverSchedule, useDriverVehicles } from '../api/driver-detail';

const text = driverDetailText;
const statusBadge = { pending: 'bg-amber-100 text-amber-900', verified: 'bg-brand-100 text-brand-800', rejected: 'bg-red-100 text-red-800' } as const;

/** /driver/{id}: the driver's vehicles (decision 0046/0048): status, which is active, ride types, photos; pending ones link to the queue. */
export function DriverVehiclesSection({ driverId }: { driverId: string }) {
  const vehicles = useDriverVehicles(driverId);
  return (
    <SectionCard id="driver-vehicles" title={text.vehicles.title}>
      <QueryView
        query={vehicles}
        loadFailed={text.vehicles.loadFailed}
        isEmpty={(d) => d.length === 0}
        empty={<p className="text-sm text-ink-500">{text.vehicles.empty}</p>}
      >
        {(vehiclesData) => (
          <ul className="divide-y divide-ink-100">
            {vehiclesData.map((v) => {
              const name = `${v.year} ${v.make} ${v.model}`;
              return (
                <li key={v.id} aria-label={`${name} ${v.license_plate}`} className="space-y-2 py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-ink-900">{name}</p>
                      <p className="text-sm text-ink-600">
                        {v.color} · <span className="font-mono font-semibold">{v.license_plate}</span> · {vehicleText.form.seats}: {v.seats}
                      </p>
                    </div>
                    <p className="flex flex-wrap gap-1.5 text-xs font-semibold">
                      {v.active ? <span className="rounded-full bg-ink-900 px-2 py-0.5 text-white">{text.vehicles.active}</span> : null}
                      <span className={cn('rounded-full px-2 py-0.5', statusBadge[v.status])}>{vehicleText.statuses[v.status]}</span>
                    </p>
                  </div>
                  {v.status === 'rejected' && v.rejection_reason ? <p className="text-sm text-red-800">{v.rejection_reason}</p> : null}
                  <div className="flex flex-wrap items-center gap-1.5 text-sm">
                    <span className="text-ink-500">{v.status === 'verified' ? text.vehicles.rideTypes : text.vehicles.rideTypesOnceVerified}:</span>
                    {v.ride_types.map((c) => (
                      <span key={c.city_id} className="inline-flex flex-wrap items-center gap-1">
                        {v.ride_types.length > 1 ? <span className="text-ink-600">{c.city_name}:</span> : null}
                        {c.ride_types.map((t) => (
                          <span key={t} className="rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-800">
                            {RIDE_TYPE_NAMES[t]}
                          </span>
                        ))}
                      </span>
                    ))}
                  </div>
                  {v.photo_ids.length ? (
                    <FileThumbs ids={v.photo_ids} alt={(n) => text.vehicles.photoAlt(name, n)} />
                  ) : (
                    <p className="text-xs text-ink-500">{text.vehicles.noPhotos}</p>
                  )}
                  {v.status === 'pending' ? (
                    <Link to={paths.vehicles} className="inline-flex text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                      {text.vehicles.review}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}

/** /driver/{id}: the driver's weekly hours and next shift (decision 0047), in their city's time. */
export function DriverScheduleSection({ driverId }: { driverId: string }) {
  const schedule = useDriverSchedule(driverId);
  return (
    <SectionCard id="driver-schedule" title={text.schedule.title} tight>
      <QueryView query={schedule} loadFailed={text.schedule.loadFailed}>
        {(s) => (
          <div className="space-y-3 text-sm">
            <p className="text-ink-500">{text.schedule.timesIn(s.city.name, s.city.timezone)}</p>
            <p>
              <span className="font-semibold text-ink-900">{text.schedule.nextShift}: </span>
              <span className="text-ink-900">{s.next_shift ? shiftWords(s.next_shift) : text.schedule.noNextShift}</span>
            </p>
            <div>
              <p className="mb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">{text.schedule.week}</p>
              {s.blocks.length === 0 ? (
                <p className="text-ink-500">{text.schedule.notDriving}</p>
              ) : (
                <ul className="space-y-0.5">
                  {s.blocks.map((b, i) => (
                    <li key={i} className="text-ink-900">
                      {shiftWords(b)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {s.time_off.length ? <p className="text-ink-600">{text.schedule.timeOff(s.time_off.length)}</p> : null}
          </div>
        )}
      </QueryView>
    </SectionCard>
  );
}
