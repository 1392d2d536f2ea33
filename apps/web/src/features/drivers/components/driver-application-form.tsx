import { z } from 'zod';
import { phoneForInput } from '@openride/shared/phone';
import { useNavigate } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@openride/shared/constants';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { driverApplicationSchema, driverCityIdSchema } from '@openride/shared/drivers/schemas';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import type { Me } from '@/lib/session';
import { useApplyDriver } from '../api/apply-driver';
import type { DriverApplicationInput } from '@openride/shared/drivers/schemas';
import { type ApplicationDraft, clearDraft, loadDraft, saveDraft } from '../hooks/application-draft';
import type { CityOption } from './driver-city';

const text = uiText.driverApplication;
const { errors } = messages;

/**
 * The server's schema over the form's strings: the year typed → a number (empty → missing, said as such); the
 * city '' → none (one city served: the server takes it). With several cities, `withCity` requires one.
 */
const applicationForm = driverApplicationSchema.extend({
  vehicle_year: z
    .string()
    .trim()
    .transform((year) => (year === '' ? undefined : Number(year)))
    .pipe(driverApplicationSchema.shape.vehicle_year),
  city_id: z
    .string()
    .optional()
    .transform((city) => city || undefined)
    .pipe(driverCityIdSchema.optional()),
});
const withCity = applicationForm.extend({ city_id: driverCityIdSchema });

function initialValues(me: Me | null): ApplicationDraft {
  const draft = loadDraft();
  // §5: name and phone prefilled from the profile when present; a draft typed before signing in wins.
  return {
    full_name: draft?.full_name || me?.profile.full_name || '',
    phone: draft?.phone || phoneForInput(me?.profile.phone) || '',
    license_number: draft?.license_number ?? '',
    license_plate: draft?.license_plate ?? '',
    vehicle_make: draft?.vehicle_make ?? '',
    vehicle_model: draft?.vehicle_model ?? '',
    // §5: default the current year.
    vehicle_year: draft?.vehicle_year || String(new Date().getFullYear()),
    vehicle_color: draft?.vehicle_color ?? '',
    city_id: draft?.city_id ?? '',
  };
}

/** §2 driver application, view 2: the details form. All fields required (§5). */
export function DriverApplicationForm({ me, cities, onBack }: { me: Me | null; cities?: readonly CityOption[]; onBack: () => void }) {
  const navigate = useNavigate();
  const apply = useApplyDriver(me?.user.id);
  const yearMax = vehicleYearMax();
  // Decision 0074: the applicant chooses among several cities; with one, it is that one.
  const chooseCity = (cities?.length ?? 0) > 1;
  const onlyCity = cities?.length === 1 ? cities[0]!.id : undefined;
  const form = useZodForm(chooseCity ? withCity : applicationForm, { defaultValues: initialValues(me) });

  const requireSignIn = () => {
    // §5: 'Authentication Required' and on to /auth; what was typed waits for the visitor's return.
    saveDraft(form.getValues());
    toast({ variant: 'destructive', title: errors.authRequired.title, description: errors.authRequired.text });
    navigate(paths.authReturnTo(paths.driver));
  };

  const onSubmit = async (application: DriverApplicationInput) => {
    if (!me) return requireSignIn();
    try {
      await apply.mutateAsync(chooseCity ? application : { ...application, city_id: onlyCity });
      clearDraft();
      toast({ title: text.submitted.title, description: text.submitted.text });
      // §2: then goes to /driver, which now shows the application's status.
      navigate(paths.driver, { replace: true });
    } catch (error) {
      if (isApiError(error, 401)) return requireSignIn();
      const message = isApiError(error) && error.status < 500 ? error.message : '';
      toast({ variant: 'destructive', title: errors.applicationFailed.title, description: message || errors.applicationFailed.text });
    }
  };

  const busy = apply.isPending;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title={text.formTitle} />
      <Button variant="ghost" size="sm" onClick={onBack} disabled={busy} className="-ml-3 mb-4">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {text.back}
      </Button>
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">{text.formTitle}</h1>
      <p className="mt-2 text-ink-600">{text.formText}</p>

      <Form form={form} onSubmit={onSubmit} className="mt-8">
        <fieldset disabled={busy} className="space-y-8">
          <section aria-labelledby="application-about" className="space-y-4 rounded-3xl border border-ink-200 bg-white p-5 sm:p-6">
            <h2 id="application-about" className="text-lg font-semibold text-ink-900">
              {text.aboutYou}
            </h2>
            <FormField name="full_name" label={text.fields.fullName} autoComplete="name" required />
            <FormField name="phone" label={text.fields.phone} type="tel" inputMode="tel" autoComplete="tel" required />
            <FormField name="license_number" label={text.fields.licenseNumber} autoComplete="off" autoCapitalize="characters" required />
            {chooseCity && cities ? (
              <FormField name="city_id" as="select" label={driverCityText.label} hint={driverCityText.hint}>
                {[{ id: '', name: driverCityText.choose }, ...cities].map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </FormField>
            ) : null}
          </section>

          <section aria-labelledby="application-vehicle" className="space-y-4 rounded-3xl border border-ink-200 bg-white p-5 sm:p-6">
            <h2 id="application-vehicle" className="text-lg font-semibold text-ink-900">
              {text.yourVehicle}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField name="vehicle_make" label={text.fields.vehicleMake} autoComplete="off" required />
              <FormField name="vehicle_model" label={text.fields.vehicleModel} autoComplete="off" required />
              <FormField
                name="vehicle_year"
                label={text.fields.vehicleYear}
                type="number"
                inputMode="numeric"
                min={VEHICLE_YEAR_MIN}
                max={yearMax}
                step={1}
                required
                hint={text.yearHint(VEHICLE_YEAR_MIN, yearMax)}
              />
              <FormField name="vehicle_color" label={text.fields.vehicleColor} autoComplete="off" required />
            </div>
            <FormField name="license_plate" label={text.fields.licensePlate} autoComplete="off" autoCapitalize="characters" required />
          </section>

          <p className="flex items-start gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900">
            <FileText className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {messages.driver.documentsAfterApproval}
          </p>

          <Button type="submit" size="lg" className="w-full">
            {busy ? uiText.auth.submitting : text.submit}
          </Button>
        </fieldset>
      </Form>
    </div>
  );
}
