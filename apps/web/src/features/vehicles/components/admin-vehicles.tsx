import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { vehicleRulesFormSchema } from '@openride/shared/vehicles/schemas';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { type AdminVehicle, type CityVehicleRules, useReviewVehicle, useSetVehicleRules, useVehicleRules, adminVehiclesList } from '../api/vehicles';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCity } from '@/lib/console-city';

const text = vehicleText.admin;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /vehicles for admins (decision 0046): the verification queue, oldest first, with Verify and Reject (with a
 * reason; the driver is told either way), and each city's ride-type rules.
 */
export function AdminVehicles() {
  const review = useReviewVehicle();
  const [deciding, setDeciding] = useState<{ vehicle: AdminVehicle; action: 'verify' | 'reject' } | null>(null);
  const columns = useMemo<ColumnDef<AdminVehicle>[]>(
    () => [
      {
        id: 'created_at',
        header: text.columns.submitted,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => dateTime.format(new Date(row.original.created_at)),
      },
      {
        id: 'driver',
        header: text.columns.driver,
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: v } }) => (
          <div>
            <Link to={paths.driverDetail(v.driver_id)} className="font-semibold text-ink-900 underline-offset-4 hover:underline">
              {v.driver_name}
            </Link>
            <p>{v.driver_phone}</p>
          </div>
        ),
      },
      { id: 'vehicle', header: text.columns.vehicle, cell: ({ row: { original: v } }) => `${v.year} ${v.make} ${v.model} · ${v.color}` },
      { id: 'plate', header: text.columns.plate, cell: ({ row }) => row.original.license_plate },
      { id: 'seats', header: text.columns.seats, cell: ({ row }) => row.original.seats },
      {
        id: 'photos',
        header: text.columns.photos,
        meta: { className: 'min-w-24' },
        cell: ({ row: { original: v } }) =>
          v.photo_ids.length === 0 ? (
            <span className="text-ink-500">{text.noPhotos}</span>
          ) : (
            <FileThumbs ids={v.photo_ids} size="sm" alt={(n) => text.photoAlt(`${v.year} ${v.make} ${v.model} ${v.license_plate}`, n)} />
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{text.columns.actions}</span>,
        cell: ({ row: { original: v } }) => (
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => setDeciding({ vehicle: v, action: 'verify' })}
              aria-label={`${text.verify}: ${v.year} ${v.make} ${v.model} ${v.license_plate}`}
            >
              {text.verify}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDeciding({ vehicle: v, action: 'reject' })}
              aria-label={`${text.reject}: ${v.year} ${v.make} ${v.model} ${v.license_plate}`}
            >
              {text.reject}
            </Button>
          </div>
        ),
      },
    ],
    [],
  );
  const v = deciding?.vehicle;
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      <DataTable
        label={text.title}
        endpoint={adminVehiclesList.endpoint}
        queryKey={adminVehiclesList.queryKey}
        params={adminVehiclesList.params}
        columns={columns}
        getRowId={(row) => row.id}
        defaultSort={adminVehiclesList.defaultSort}
        searchLabel={`${text.columns.driver}, ${text.columns.plate}`}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? null : setDeciding(null))}
        title={deciding?.action === 'reject' ? text.rejectTitle : text.verify}
        description={v ? `${v.year} ${v.make} ${v.model} · ${v.color} · ${v.license_plate} · ${text.columns.seats}: ${v.seats} — ${v.driver_name}` : ''}
        confirmLabel={deciding?.action === 'reject' ? text.reject : text.verify}
        variant={deciding?.action === 'reject' ? 'destructive' : 'primary'}
        reason={deciding?.action === 'reject' ? { label: text.reason, requiredMessage: text.reasonRequired } : undefined}
        busy={review.isPending}
        onConfirm={(reason) => {
          if (!deciding) return;
          const input = deciding.action === 'reject' ? { status: 'rejected' as const, reason: reason ?? '' } : { status: 'verified' as const };
          review.mutate(
            { id: deciding.vehicle.id, input },
            {
              onSuccess: () => toast({ title: deciding.action === 'reject' ? text.rejected : text.verified }),
              onError: (error) => toast({ title: isApiError(error) ? error.message : vehicleText.driver.saveFailed }),
              onSettled: () => setDeciding(null),
            },
          );
        }}
      />
      <RulesSection />
    </PageContainer>
  );
}

/** Each city's ride-type rules: Comfort's model year and seats, XL's seats. */
function RulesSection() {
  const cities = useAdminCities();
  const [cityId, setPicked] = usePageCity(cities.data?.[0]?.id ?? null);
  const rules = useVehicleRules(cityId);
  return (
    <section aria-labelledby="vehicle-rules-title" className="mt-10 rounded-3xl border border-ink-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="vehicle-rules-title" className="text-lg font-semibold text-ink-900">
            {text.rulesTitle}
          </h2>
          <p className="text-sm text-ink-600">{text.rulesIntro}</p>
        </div>
        {cities.data && cities.data.length > 1 ? (
          <CityPicker className="w-full sm:w-48" label={text.city} cities={cities.data} value={cityId ?? ''} onChange={setPicked} />
        ) : null}
      </div>
      {cityId ? (
        <QueryView query={rules} loadFailed={text.loadFailed}>
          {(data) => <RulesForm key={`${cityId}:${data.updated_at ?? ''}`} cityId={cityId} current={data} />}
        </QueryView>
      ) : (
        // No city to show yet: the cities' own failure (and its Try again), else nothing.
        <QueryView query={cities} loadFailed={text.loadFailed} loading={null}>
          {() => null}
        </QueryView>
      )}
    </section>
  );
}

function RulesForm({ cityId, current }: { cityId: string; current: CityVehicleRules }) {
  const save = useSetVehicleRules(cityId);
  const form = useZodForm(vehicleRulesFormSchema, {
    defaultValues: {
      comfort_min_year: String(current.rules.comfort_min_year),
      comfort_min_seats: String(current.rules.comfort_min_seats),
      xl_min_seats: String(current.rules.xl_min_seats),
    },
  });
  return (
    <Form form={form} onSubmit={(rules) => save.mutate(rules, { onSuccess: () => toast({ title: text.rulesSaved }) })} className="grid gap-4 sm:grid-cols-3">
      <FormField name="comfort_min_year" label={text.comfortMinYear} type="number" inputMode="numeric" />
      <FormField name="comfort_min_seats" label={text.comfortMinSeats} type="number" inputMode="numeric" />
      <FormField name="xl_min_seats" label={text.xlMinSeats} type="number" inputMode="numeric" />
      <MutationError error={save.error} fallback={text.loadFailed} className="sm:col-span-3" />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {text.saveRules}
        </Button>
      </div>
    </Form>
  );
}
