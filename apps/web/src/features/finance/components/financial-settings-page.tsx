import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { financeText, WEEKDAYS } from '@openride/shared/finance/finance-text';
import { type FinancialSettingsFormInput, financialSettingsFormSchema, settingsBodyFromForm } from '@openride/shared/finance/schemas';
import type { FinancialSettingsResponse, FinancialSettingsVersion } from '@openride/shared/finance/views';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { CityPicker } from '@/components/ui/city-picker';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { FINANCE_DEFAULT_CITY, useCreateFinancialSettings, useFinancialSettings, useSetCityCurrency } from '../api/financial-settings';

const text = financeText.settings;
const fields = financeText.fields;
const pct = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
const pctInput = (bp: number) => String(bp / 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);
const since = (iso: string) => (new Date(iso).getTime() <= 0 ? text.sinceStart : text.since(formatDateTime(iso)));

/**
 * /financial-settings (admins, decision 0041): per city, the currency (changeable only until the city has
 * books), and the version of the financial settings in force — commission per ride type, tax on commission,
 * payouts, the negative-balance rule — with "New version" (now or later) and the history of every version.
 */
export function FinancialSettingsPage({ defaultCity = FINANCE_DEFAULT_CITY }: { defaultCity?: string }) {
  const [cityId, setCityId] = useState(defaultCity);
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
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const current = data.current;
  const scheduled = data.history.filter((v) => v.status === 'scheduled').reverse();
  const currency = data.city.currency;
  const close = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold text-ink-900">
            {text.inForce}
          </h2>
          {current ? (
            <p className="text-sm text-ink-600">
              <span className="font-medium text-ink-800">{text.version(current.version)}</span> · {since(current.effective_from)}
            </p>
          ) : null}
        </div>
        {!editing ? (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            {text.edit}
          </Button>
        ) : null}
      </header>

      {current ? <SettingsList v={current} currency={currency} /> : null}

      {scheduled.map((v) => (
        <p key={v.id} className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {text.scheduled(v.version, formatDateTime(v.effective_from))}
        </p>
      ))}

      {editing ? <SettingsForm cityId={data.city.id} from={current} onDone={close} /> : null}

      <History versions={data.history} currency={currency} />
    </section>
  );
}

function SettingsList({ v, currency }: { v: FinancialSettingsVersion; currency: string }) {
  const rows: Array<[string, string]> = [
    ...RIDE_TYPES.map((r) => [financeText.commissionFor(r), pct(v.commission_bp[r])] as [string, string]),
    [text.tax, v.tax_rate_bp > 0 ? `${pct(v.tax_rate_bp)} (${v.tax_label})` : text.noTax],
    [fields.payout_weekday, text.payoutDay(v.payout_weekday)],
    [fields.minimum_payout, formatMoney(v.minimum_payout_cents, currency)],
    [fields.negative_balance_limit, formatMoney(v.negative_balance_limit_cents, currency)],
    [fields.grace_days, String(v.grace_days)],
  ];
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

const defaultsFrom = (v: FinancialSettingsVersion | null): FinancialSettingsFormInput => ({
  economy: pctInput(v?.commission_bp.economy ?? 2000),
  comfort: pctInput(v?.commission_bp.comfort ?? 2000),
  xl: pctInput(v?.commission_bp.xl ?? 2000),
  tax_rate: pctInput(v?.tax_rate_bp ?? 0),
  tax_label: v?.tax_label ?? '',
  payout_weekday: String(v?.payout_weekday ?? 1),
  minimum_payout: dollars(v?.minimum_payout_cents ?? 1000),
  negative_balance_limit: dollars(v?.negative_balance_limit_cents ?? 5000),
  grace_days: String(v?.grace_days ?? 3),
  effective: 'now',
  effective_at: '',
  note: '',
});

/** A new version: starts from the one in force; rates in percent, amounts in the city's money. */
function SettingsForm({ cityId, from, onDone }: { cityId: string; from: FinancialSettingsVersion | null; onDone: () => void }) {
  const form = useZodForm(financialSettingsFormSchema, { defaultValues: defaultsFrom(from) });
  const save = useCreateFinancialSettings(cityId);
  const headingId = useId();
  useEffect(() => form.setFocus('economy'), [form]);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-200 p-3 sm:p-4">
      <h3 id={headingId} className="mb-3 font-semibold text-ink-900">
        {text.editTitle}
      </h3>
      <Form
        form={form}
        className="space-y-4"
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
        <EffectiveFields />
        <FormField name="note" label={text.note} autoComplete="off" />
        <MutationError error={save.error} fallback={text.saveFailed} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? text.saving : text.save}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {text.cancel}
          </Button>
        </div>
      </Form>
    </section>
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

function EffectiveFields() {
  const { register, watch } = useFormContext<FinancialSettingsFormInput>();
  const when = watch('effective');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-800">{text.effective}</legend>
      <div className="flex flex-wrap gap-x-6">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" value="now" className="size-5 accent-ink-900" {...register('effective')} />
          {text.effectiveNow}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" value="at" className="size-5 accent-ink-900" {...register('effective')} />
          {text.effectiveAt}
        </label>
      </div>
      {when === 'at' ? <FormField name="effective_at" label={text.effectiveAtLabel} type="datetime-local" /> : null}
    </fieldset>
  );
}

/** Every version, newest number first, each with what it changed against the one before. */
function History({ versions, currency }: { versions: FinancialSettingsVersion[]; currency: string }) {
  if (versions.length === 0) return null;
  const byNumber = [...versions].sort((a, b) => b.version - a.version);
  return (
    <details className="rounded-xl bg-ink-50 p-3 text-sm" open>
      <summary className="cursor-pointer font-medium text-ink-800">
        {text.history} ({versions.length})
      </summary>
      <ol className="mt-3 space-y-3" aria-label={text.history}>
        {byNumber.map((v, i) => {
          const previous = byNumber[i + 1];
          const changes = previous ? diff(previous, v, currency) : [];
          return (
            <li key={v.id} className="rounded-lg bg-white p-3 ring-1 ring-ink-200">
              <p className="font-semibold text-ink-900">
                {text.version(v.version)} · <span className={v.status === 'in_force' ? 'text-brand-800' : 'font-normal'}>{text.status[v.status]}</span>
              </p>
              <p className="text-ink-600">
                {new Date(v.effective_from).getTime() <= 0 ? text.sinceStart : formatDateTime(v.effective_from)} · {text.by(v.created_by_name)}
              </p>
              {v.note ? <p className="mt-1 text-ink-700">{v.note}</p> : null}
              {changes.length ? (
                <ul className="mt-2 space-y-1">
                  {changes.map((c) => (
                    <li key={c.label} className="flex flex-wrap gap-x-2">
                      <span className="text-ink-600">{c.label}:</span>
                      <del className="text-red-800">{c.from}</del>
                      <span aria-hidden="true">→</span>
                      <ins className="rounded bg-brand-100 px-1 font-semibold text-brand-900 no-underline">{c.to}</ins>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function diff(a: FinancialSettingsVersion, b: FinancialSettingsVersion, currency: string) {
  const shown = (v: FinancialSettingsVersion): Array<[string, string]> => [
    ...RIDE_TYPES.map((r) => [financeText.commissionFor(r), pct(v.commission_bp[r])] as [string, string]),
    [text.tax, v.tax_rate_bp > 0 ? `${pct(v.tax_rate_bp)} (${v.tax_label})` : text.noTax],
    [fields.payout_weekday, WEEKDAYS[v.payout_weekday] ?? ''],
    [fields.minimum_payout, formatMoney(v.minimum_payout_cents, currency)],
    [fields.negative_balance_limit, formatMoney(v.negative_balance_limit_cents, currency)],
    [fields.grace_days, String(v.grace_days)],
  ];
  const before = shown(a);
  return shown(b)
    .map(([label, to], i) => ({ label, from: before[i]![1], to }))
    .filter((c) => c.from !== c.to);
}
