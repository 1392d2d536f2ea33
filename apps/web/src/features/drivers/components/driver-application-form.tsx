import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@openride/shared/constants';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { Field } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import type { Me } from '@/lib/session';
import { useApplyDriver } from '../api/apply-driver';
import { type ApplicationDraft, clearDraft, loadDraft, saveDraft } from '../hooks/application-draft';
import { parseApplication } from '../hooks/parse-application';
import type { CityOption } from './driver-city';

const text = uiText.driverApplication;
const { errors } = messages;

function initialValues(me: Me | null): ApplicationDraft {
  const draft = loadDraft();
  // §5: name and phone prefilled from the profile when present; a draft typed before signing in wins.
  return {
    full_name: draft?.full_name || me?.profile.full_name || '',
    phone: draft?.phone || me?.profile.phone || '',
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
  const [values, setValues] = useState<ApplicationDraft>(() => initialValues(me));
  const yearMax = vehicleYearMax();
  // Decision 0074: the applicant chooses among several cities; with one, it is that one.
  const chooseCity = (cities?.length ?? 0) > 1;
  const cityId = chooseCity ? values.city_id : cities?.length === 1 ? cities[0]!.id : undefined;

  const set = (key: keyof ApplicationDraft) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const requireSignIn = () => {
    // §5: 'Authentication Required' and on to /auth; what was typed waits for the visitor's return.
    saveDraft(values);
    toast({ variant: 'destructive', title: errors.authRequired.title, description: errors.authRequired.text });
    navigate(paths.authReturnTo(paths.driver));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!me) return requireSignIn();
    const parsed = parseApplication({ ...values, city_id: cityId });
    if (!parsed.success) {
      toast({ variant: 'destructive', title: errors.validation.title, description: parsed.message });
      return;
    }
    try {
      await apply.mutateAsync(parsed.data);
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

      <form onSubmit={onSubmit} className="mt-8">
        <fieldset disabled={busy} className="space-y-8">
          <section aria-labelledby="application-about" className="space-y-4 rounded-3xl border border-ink-200 bg-white p-5 sm:p-6">
            <h2 id="application-about" className="text-lg font-semibold text-ink-900">
              {text.aboutYou}
            </h2>
            <Field label={text.fields.fullName} name="full_name" autoComplete="name" required value={values.full_name} onChange={set('full_name')} />
            <Field label={text.fields.phone} name="phone" type="tel" inputMode="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} />
            <Field
              label={text.fields.licenseNumber}
              name="license_number"
              autoComplete="off"
              autoCapitalize="characters"
              required
              value={values.license_number}
              onChange={set('license_number')}
            />
            {chooseCity && cities ? (
              <div className="space-y-1.5">
                <CityPicker
                  id="application-city"
                  label={driverCityText.label}
                  cities={[{ id: '', name: driverCityText.choose }, ...cities]}
                  value={values.city_id ?? ''}
                  onChange={(city_id) => setValues((v) => ({ ...v, city_id }))}
                />
                <p className="text-sm text-ink-500">{driverCityText.hint}</p>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="application-vehicle" className="space-y-4 rounded-3xl border border-ink-200 bg-white p-5 sm:p-6">
            <h2 id="application-vehicle" className="text-lg font-semibold text-ink-900">
              {text.yourVehicle}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={text.fields.vehicleMake}
                name="vehicle_make"
                autoComplete="off"
                required
                value={values.vehicle_make}
                onChange={set('vehicle_make')}
              />
              <Field
                label={text.fields.vehicleModel}
                name="vehicle_model"
                autoComplete="off"
                required
                value={values.vehicle_model}
                onChange={set('vehicle_model')}
              />
              <Field
                label={text.fields.vehicleYear}
                name="vehicle_year"
                type="number"
                inputMode="numeric"
                min={VEHICLE_YEAR_MIN}
                max={yearMax}
                step={1}
                required
                hint={text.yearHint(VEHICLE_YEAR_MIN, yearMax)}
                value={values.vehicle_year}
                onChange={set('vehicle_year')}
              />
              <Field
                label={text.fields.vehicleColor}
                name="vehicle_color"
                autoComplete="off"
                required
                value={values.vehicle_color}
                onChange={set('vehicle_color')}
              />
            </div>
            <Field
              label={text.fields.licensePlate}
              name="license_plate"
              autoComplete="off"
              autoCapitalize="characters"
              required
              value={values.license_plate}
              onChange={set('license_plate')}
            />
          </section>

          <p className="flex items-start gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900">
            <FileText className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {messages.driver.documentsAfterApproval}
          </p>

          <Button type="submit" size="lg" className="w-full">
            {busy ? uiText.auth.submitting : text.submit}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
