import { vehicleFormSchema } from '@openride/shared/vehicles/schemas';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@openride/shared/constants';
import { MutationError } from '@/components/ui/query-view';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useSaveVehicle, type Vehicle } from '../api/vehicles';

const text = vehicleText.form;

/**
 * Add or edit a vehicle: the application's rules (year 2000 to next year) and seats 1 to 8, from the shared
 * schema the server parses with. Saving sends it to verification.
 */
export function VehicleForm({ vehicle, onDone }: { vehicle: Vehicle | null; onDone: () => void }) {
  const save = useSaveVehicle();
  const form = useZodForm(vehicleFormSchema, {
    defaultValues: {
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      year: String(vehicle?.year ?? new Date().getFullYear()),
      color: vehicle?.color ?? '',
      license_plate: vehicle?.license_plate ?? '',
      seats: String(vehicle?.seats ?? 4),
    },
  });
  const title = vehicle ? text.editTitle : text.addTitle;
  return (
    <section aria-label={title} className="rounded-3xl border border-ink-200 bg-white p-4 sm:p-6">
      <h2 className="mb-1 text-lg font-semibold text-ink-900">{title}</h2>
      {vehicle ? (
        <p className="mb-4 text-sm text-ink-600">{vehicleText.driver.editNotice}</p>
      ) : (
        <p className="mb-4 text-sm text-ink-600">{vehicleText.driver.intro}</p>
      )}
      <Form
        form={form}
        onSubmit={(input) =>
          save.mutate(
            { id: vehicle?.id ?? null, input },
            {
              onSuccess: () => {
                toast({ title: vehicleText.driver.saved });
                onDone();
              },
            },
          )
        }
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField name="make" label={text.make} autoComplete="off" />
        <FormField name="model" label={text.model} autoComplete="off" />
        <FormField name="year" label={text.year} type="number" inputMode="numeric" min={VEHICLE_YEAR_MIN} max={vehicleYearMax()} />
        <FormField name="color" label={text.color} autoComplete="off" />
        <FormField name="license_plate" label={text.plate} autoComplete="off" autoCapitalize="characters" />
        <FormField name="seats" label={text.seats} type="number" inputMode="numeric" min={1} max={8} hint={vehicleText.driver.seatsHint} />
        <MutationError error={save.error} fallback={vehicleText.driver.saveFailed} className="sm:col-span-2" />
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            {text.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {text.save}
          </Button>
        </div>
      </Form>
    </section>
  );
}
