import { useId, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { financeText, WEEKDAYS } from '@openride/shared/finance/finance-text';
import { type FinancialSettingsFormInput, financialSettingsFormSchema, settingsBodyFromForm } from '@openride/shared/finance/schemas';
import type { FinancialSettingsResponse, FinancialSettingsVersion } from '@openride/shared/finance/views';
import { moneyInputValue } from '@openride/shared/money';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { CityPicker } from '@/components/ui/city-picker';
import { changedRows, VersionHistory } from '@/components/ui/version-history';
import { VersionedSettingCard, VersionForm } from '@/components/ui/versioned-setting';
import { formatDateTime } from '@/lib/format';
import { usePageCity } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { FINANCE_DEFAULT_CITY, useCreateFinancialSettings, useFinancialSettings, useSetCityCurrency } from '../api/financial-settings';

const text = financeText.settings;
const fields = financeText.fields;
const pct = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
const pctInput = (bp: number) => String(bp / 100);
const since = (iso: string) => (new Date(iso).getTime() <= 0 ? text.sinceStart : text.since(formatDateTime(iso)));

/**
 * /financial-settings (admins, decision 0041): per city, the currency (changeable only until the city has
 * books), and the version of the financial settings in force — commission per ride type, tax on commission,
 * payouts, the negative-balance rule — with "New version" (now or later) and the history of every version.
 */
export function FinancialSettingsPage({ defaultCity = FINANCE_DEFAULT_CITY }: { defaultCity?: string }) {
  const [cityId, setCityId] = usePageCity(defaultCity);
  const query = useFinancialSettings(cityId);

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.financialSettings.title} description={text.description} />
      <QueryView query={query} loadFailed={text.loadFailed}>
        {(data) => (
          <div className="space-y-6">
            <div className="grid gap-4 sm:max-w-xl sm:grid-cols-2">
              <CityPicker label={text.city} cities={data.cities} value={cityId} onChange={setCityId} />
            </div>
            <CurrencyCard key={`currency-${cityId}`} data={data} />
            <SettingsCard key={cityId} data={data} />
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function CurrencyCard({ data }: { data: FinancialSettingsResponse }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(data.city.currency);
  const save = useSetCityCurrency(data.city.id);
  const headingId = useId();
  const inputId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {text.currency}: <span className="font-mono">{data.city.currency}</span>
        </h2>
        {!data.currency_locked && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {text.changeCurrency}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-ink-600">{data.currency_locked ? text.currencyLocked : text.currencyOpen}</p>
      {editing ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(value, {
              onSuccess: ({ city }) => {
                toast({ title: text.currencySaved(city.currency) });
                setEditing(false);
              },
            });
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium text-ink-800">
              {text.currency}
            </label>
            <input
              id={inputId}
              className={`${inputClasses} w-32 font-mono uppercase`}
              maxLength={3}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="off"
            />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {text.saveCurrency}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            {text.cancel}
          </Button>
          <MutationError error={save.error} className="w-full" />
        </form>
      ) : null}
    </section>
  );
}

function SettingsCard({ data }: { data: FinancialSettingsResponse }) {
  const current = data.current;
  const currency = data.city.currency;
  return (
    <VersionedSettingCard
      title={text.inForce}
      summary={
        current ? (
          <>
            <span className="font-medium text-ink-800">{text.version(current.version)}</span> · {since(current.effective_from)}
          </>
        ) : undefined
      }
      edit={text.edit}
      scheduled={data.history.filter((v) => v.status === 'scheduled').reverse()}
      scheduledText={text.scheduled}
      form={(close) => <SettingsForm cityId={data.city.id} currency={currency} from={current} onDone={close} />}
      history={<VersionHistory versions={data.history} changes={changesIn(currency)} words={text} open />}
    >
      {current ? <SettingsList v={current} currency={currency} /> : null}
    </VersionedSettingCard>
  );
}

/** A version's settings, label by label; `weekday` words the payout day (the card's "every Monday", the history's "Monday"). */
function rowsOf(v: FinancialSettingsVersion, currency: string, weekday: (day: number) => string): Array<[string, string]> {
  return [
    ...RIDE_TYPES.map((r) => [financeText.commissionFor(r), pct(v.commission_bp[r])] as [string, string]),
    [text.tax, v.tax_rate_bp > 0 ? `${pct(v.tax_rate_bp)} (${v.tax_label})` : text.noTax],
    [fields.payout_weekday, weekday(v.payout_weekday)],
    [fields.minimum_payout, formatMoney(v.minimum_payout_cents, currency)],
    [fields.negative_balance_limit, formatMoney(v.negative_balance_limit_cents, currency)],
    [fields.grace_days, String(v.grace_days)],
  ];
}

/** What a version changed against the one before, each value as the history reads it. */
const changesIn = (currency: string) => changedRows((v: FinancialSettingsVersion) => rowsOf(v, currency, (day) => WEEKDAYS[day] ?? ''));

function SettingsList({ v, currency }: { v: FinancialSettingsVersion; currency: string }) {
  const rows = rowsOf(v, currency, text.payoutDay);
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-500">{label}</dt>
            <dd className="font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-500">{text.limitRule(formatMoney(v.negative_balance_limit_cents, currency), v.grace_days)}</p>
    </>
  );
}

const defaultsFrom = (v: FinancialSettingsVersion | null, currency: string): FinancialSettingsFormInput => ({
  economy: pctInput(v?.commission_bp.economy ?? 2000),
  comfort: pctInput(v?.commission_bp.comfort ?? 2000),
  xl: pctInput(v?.commission_bp.xl ?? 2000),
  tax_rate: pctInput(v?.tax_rate_bp ?? 0),
  tax_label: v?.tax_label ?? '',
  payout_weekday: String(v?.payout_weekday ?? 1),
  minimum_payout: moneyInputValue(v?.minimum_payout_cents ?? 1000, currency),
  negative_balance_limit: moneyInputValue(v?.negative_balance_limit_cents ?? 5000, currency),
  grace_days: String(v?.grace_days ?? 3),
  effective: 'now',
  effective_at: '',
  note: '',
});

/** A new version: starts from the one in force; rates in percent, amounts in the city's money. */
function SettingsForm({ cityId, currency, from, onDone }: { cityId: string; currency: string; from: FinancialSettingsVersion | null; onDone: () => void }) {
  const schema = useMemo(() => financialSettingsFormSchema(currency), [currency]);
  const form = useZodForm(schema, { defaultValues: defaultsFrom(from, currency) });
  const save = useCreateFinancialSettings(cityId);
  return (
    <VersionForm
      title={text.editTitle}
      form={form}
      focus="economy"
      save={save}
      words={text}
      onDone={onDone}
      onSubmit={(values) =>
        save.mutate(settingsBodyFromForm(values), {
          onSuccess: ({ settings }) => {
            toast({ title: text.saved(settings.version) });
            onDone();
          },
        })
      }
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">{text.commission}</legend>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
          {RIDE_TYPES.map((r) => (
            <FormField key={r} name={r} label={`${RIDE_TYPE_NAMES[r]} (%)`} inputMode="decimal" autoComplete="off" />
          ))}
        </div>
        <p className="text-xs text-ink-500">{text.percentHint}</p>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <FormField name="tax_rate" label={`${fields.tax_rate} (%)`} inputMode="decimal" autoComplete="off" />
        <FormField name="tax_label" label={fields.tax_label} autoComplete="off" />
      </div>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <WeekdayField />
        <FormField name="minimum_payout" label={fields.minimum_payout} inputMode="decimal" autoComplete="off" />
        <FormField name="negative_balance_limit" label={fields.negative_balance_limit} inputMode="decimal" autoComplete="off" />
        <FormField name="grace_days" label={fields.grace_days} inputMode="numeric" autoComplete="off" />
      </div>
    </VersionForm>
  );
}

function WeekdayField() {
  const { register } = useFormContext<FinancialSettingsFormInput>();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {fields.payout_weekday}
      </label>
      <select id={id} className={inputClasses} {...register('payout_weekday')}>
        {WEEKDAYS.map((d, i) => (
          <option key={d} value={String(i)}>
            {d}
          </option>
        ))}
      </select>
    </div>
  );
}
