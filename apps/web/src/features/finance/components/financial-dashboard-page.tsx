import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { financeText } from '@openride/shared/finance/finance-text';
import { type AgingBucket, FIGURES, type FigureFilter, type FigureKey } from '@openride/shared/finance/figures';
import type { FinanceDashboard } from '@openride/shared/finance/views';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { type StaticColumn, StaticTable } from '@/components/ui/static-table';
import { corporateInvoicesText } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import { CityPicker } from '@/components/ui/city-picker';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';
import { usePageCityDefault } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { FINANCE_DASHBOARD_CITY, financeDashboardRequest, useFinanceDashboard } from '../api/finance-dashboard';
import { AdjustmentDialog, type AdjustTarget } from './adjustment-dialog';
import { type Drill, EntriesDrawer } from './entries-drawer';

const FinanceChart = lazy(() => import('./finance-chart'));
const text = financeText.dashboard;
const percent = (r: number | null) => (r === null ? '—' : `${(Math.round(r * 1000) / 10).toLocaleString()} %`);

/**
 * /financial-dashboard (admins, decision 0041): a city's money over a range (default the last 30 days), every
 * figure a sum of ledger entries — select one to read the entries behind it; by day with a chart; what drivers
 * owe by age; the trial balance of the whole ledger. The range and city live in the address.
 */
export function FinancialDashboardPage() {
  const [params, setParams] = useSearchParams();
  const { city, from, to, tz } = financeDashboardRequest(params, usePageCityDefault(FINANCE_DASHBOARD_CITY));
  const query = useFinanceDashboard(city, from, to, tz);
  const set = (next: Record<string, string>) => setParams({ city, from, to, ...next }, { replace: true });

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.financialDashboard.title} description={text.description} />
      <DateRangeFields from={from} to={to} onChange={set}>
        {query.data ? (
          <CityPicker className="w-full min-[420px]:w-48" label={text.city} cities={query.data.cities} value={city} onChange={(id) => set({ city: id })} />
        ) : null}
      </DateRangeFields>

      <QueryView query={query} loadFailed={text.loadFailed} loading={<LoadingScreen className="min-h-60" />}>
        {(data) => <Report data={data} stale={query.isPlaceholderData} tz={tz} />}
      </QueryView>
    </PageContainer>
  );
}

function Report({ data, stale, tz }: { data: FinanceDashboard; stale: boolean; tz: string }) {
  const [drill, setDrill] = useState<Drill | null>(null);
  const [adjust, setAdjust] = useState<AdjustTarget | null>(null);
  const onAdjust = useCallback((t: AdjustTarget) => setAdjust(t), []);
  const money = (cents: number) => formatMoney(cents, data.currency);
  const f = data.figures;
  /** The drill-down of a figure: its own filter over the range and city. */
  const open = (key: FigureKey) => {
    const def: FigureFilter = FIGURES[key];
    setDrill({
      title: text.figures[key],
      sign: def.sign,
      valueCents: f[key],
      currency: data.currency,
      params: { city: data.city.id, from: data.from, to: data.to, tz, line: def.lines?.join(','), account: def.accounts?.join(',') },
    });
  };
  const empty = data.days.every((d) => d.gmv === 0 && d.net_revenue === 0 && d.adjustments === 0 && d.tips === 0);

  return (
    <div className={cn('space-y-8 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <section>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={text.figures.gmv} value={money(f.gmv)} detail={text.rides(data.completed_rides)} onOpen={() => open('gmv')} />
          <Figure
            label={text.figures.net_revenue}
            value={money(f.net_revenue)}
            detail={`${text.takeRate} ${percent(data.take_rate)}`}
            onOpen={() => open('net_revenue')}
          />
          <Figure label={text.figures.commission} value={money(f.commission)} onOpen={() => open('commission')} />
          <Figure
            label={text.figures.fees}
            value={money(f.fees)}
            detail={`${text.figures.booking_fees} ${money(f.booking_fees)} · ${text.figures.cancellation_fees} ${money(f.cancellation_fees)}`}
            onOpen={() => open('fees')}
          />
          <Figure label={text.figures.tips} value={money(f.tips)} onOpen={() => open('tips')} />
          <Figure label={text.figures.refunds} value={money(f.refunds)} detail={text.ofGmv(percent(data.refund_share))} onOpen={() => open('refunds')} />
          <Figure
            label={text.figures.promotions}
            value={money(f.promotions)}
            detail={text.ofGmv(percent(f.gmv ? f.promotions / f.gmv : null))}
            onOpen={() => open('promotions')}
          />
          <Figure label={text.figures.tax} value={money(f.tax)} onOpen={() => open('tax')} />
          <Figure label={text.figures.adjustments} value={money(f.adjustments)} onOpen={() => open('adjustments')} />
          <Figure label={text.figures.referral_rewards} value={money(f.referral_rewards)} onOpen={() => open('referral_rewards')} />
        </ul>
      </section>

      <section aria-labelledby="finance-mix" className="space-y-3">
        <h2 id="finance-mix" className="text-lg font-semibold text-ink-900">
          {text.paymentMix}
        </h2>
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
          {(['cash', 'card', 'wallet'] as const).map((k) => (
            <Figure key={k} label={text.figures[k]} value={money(f[k])} detail={text.ofGmv(percent(f.gmv ? f[k] / f.gmv : null))} onOpen={() => open(k)} />
          ))}
        </ul>
        {/* Business rides (decision 0066) and what companies owe now (decision 0070: invoiced or not, until paid). */}
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
          <Figure
            label={text.figures.business}
            value={money(f.business)}
            detail={text.ofGmv(percent(f.gmv ? f.business / f.gmv : null))}
            onOpen={() => open('business')}
          />
          <li className="min-w-0 rounded-2xl border border-ink-200 bg-white p-4">
            <span className="block text-sm text-ink-500">{corporateInvoicesText.companiesOwe}</span>
            <span className="mt-1 block text-xl font-bold break-words text-ink-900 sm:text-2xl">{money(data.companies_owe_cents)}</span>
            <span className="mt-0.5 block text-xs break-words text-ink-500">{corporateInvoicesText.companiesOweHint}</span>
          </li>
        </ul>
      </section>

      <SectionCard id="finance-chart" title={text.chartTitle} hint={text.chartHint}>
        {empty ? (
          <p className="py-10 text-center text-sm text-ink-500">{text.empty}</p>
        ) : (
          <Suspense fallback={<LoadingScreen className="h-64" />}>
            <FinanceChart days={data.days} currency={data.currency} />
          </Suspense>
        )}
      </SectionCard>

      {empty ? null : <DayTable data={data} />}

      <Aging data={data} onDrill={setDrill} onAdjust={onAdjust} />
      <TrialBalance data={data} />

      <EntriesDrawer drill={drill} onClose={() => setDrill(null)} onAdjust={onAdjust} />
      <AdjustmentDialog target={adjust} city={data.city.id} currency={data.currency} onClose={() => setAdjust(null)} />
    </div>
  );
}

/** One figure, a button that opens the entries behind it. */
function Figure({ label, value, detail, onOpen }: { label: string; value: string; detail?: string; onOpen: () => void }) {
  return (
    <li className="min-w-0 rounded-2xl border border-ink-200 bg-white">
      <button
        type="button"
        onClick={onOpen}
        className="block h-full w-full rounded-2xl p-4 text-left hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="block text-sm text-ink-500">{label}</span>
        <span className="mt-1 block text-xl font-bold break-words text-ink-900 sm:text-2xl">{value}</span>
        {detail ? <span className="mt-0.5 block text-xs break-words text-ink-500">{detail}</span> : null}
      </button>
    </li>
  );
}

const DAY_COLUMNS = ['gmv', 'net_revenue', 'commission', 'fees', 'tips', 'refunds'] as const;

function DayTable({ data }: { data: FinanceDashboard }) {
  const columns: StaticColumn<FinanceDashboard['days'][number]>[] = [
    { id: 'day', header: text.day, rowHeader: true, className: 'whitespace-nowrap', cell: (d) => d.day },
    ...DAY_COLUMNS.map((k) => ({
      id: k,
      header: text.figures[k],
      align: 'end' as const,
      cell: (d: FinanceDashboard['days'][number]) => formatMoney(d[k], data.currency),
    })),
  ];
  return (
    <StaticTable
      label={text.tableCaption}
      columns={columns}
      rows={data.days.filter((d) => DAY_COLUMNS.some((k) => d[k] !== 0))}
      getRowKey={(d) => d.day}
      density="compact"
      tableClassName="min-w-[40rem]"
    />
  );
}

function Aging({ data, onDrill, onAdjust }: { data: FinanceDashboard; onDrill: (d: Drill) => void; onAdjust: (t: AdjustTarget) => void }) {
  const a = data.aging;
  const money = (c: number) => formatMoney(c, data.currency);
  /** Drivers' balances drill down as the ledger stood when they were computed (`as_of`), in the city's currency. */
  const drill = (title: string, sign: 1 | -1, valueCents: number, params: Record<string, string>) =>
    onDrill({ title, sign, valueCents, currency: data.currency, params: { currency: data.currency, as_of: a.as_of, ...params } });
  return (
    <section aria-labelledby="finance-aging" className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <div>
        <h2 id="finance-aging" className="text-lg font-semibold text-ink-900">
          {text.aging}
        </h2>
        <p className="text-sm text-ink-500">{text.agingHint}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 text-sm min-[420px]:grid-cols-3 lg:grid-cols-7" aria-label={text.aging}>
        {a.buckets.map((b) => {
          const label = text.buckets[b.key as AgingBucket];
          return <AgingFigure key={b.key} label={label} value={money(b.cents)} onOpen={() => drill(text.bucketTitle(label), 1, b.cents, { aging: b.key })} />;
        })}
        <AgingFigure
          label={text.owingTotal}
          value={money(a.owing_total_cents)}
          tone="owing"
          onOpen={() => drill(text.owingTotal, 1, a.owing_total_cents, { standing: 'owing' })}
        />
        <AgingFigure
          label={text.owedToDrivers}
          value={money(a.owed_to_drivers_cents)}
          tone="owed"
          onOpen={() => drill(text.owedToDrivers, -1, a.owed_to_drivers_cents, { standing: 'owed' })}
        />
      </ul>
      {a.drivers.length === 0 ? (
        <p className="text-sm text-ink-500">{text.noOwing}</p>
      ) : (
        <ul className="divide-y divide-ink-100" aria-label={text.owingTotal}>
          {a.drivers.map((d) => (
            <li key={d.account_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-ink-900">{d.name ?? d.driver_id.slice(0, 8)}</span> ·{' '}
                <span className="tabular-nums">{money(d.balance_cents)}</span> ·{' '}
                <span className="text-ink-500">
                  {text.oldest} {text.days(d.oldest_days)}
                </span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => drill(d.name ?? d.driver_id.slice(0, 8), 1, d.balance_cents, { account_id: d.account_id })}>
                  {text.entries.label}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAdjust({ party: 'driver', party_id: d.driver_id, name: d.name ?? d.driver_id.slice(0, 8) })}
                >
                  {text.entries.adjust}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const TONES = {
  plain: { box: 'bg-ink-50 hover:bg-ink-100', label: 'text-ink-500', value: 'text-ink-900' },
  owing: { box: 'bg-amber-50 hover:bg-amber-100', label: 'text-amber-900', value: 'text-amber-950' },
  owed: { box: 'bg-sky-50 hover:bg-sky-100', label: 'text-sky-900', value: 'text-sky-950' },
} as const;

/** An age bucket or a total of drivers' balances: a button that opens the entries adding up to it. */
function AgingFigure({ label, value, tone = 'plain', onOpen }: { label: string; value: string; tone?: keyof typeof TONES; onOpen: () => void }) {
  const t = TONES[tone];
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={onOpen}
        className={cn('block h-full w-full rounded-xl p-2 text-left focus-visible:outline-2 focus-visible:outline-brand-600', t.box)}
      >
        <span className={cn('block', t.label)}>{label}</span>
        <span className={cn('block font-semibold tabular-nums', t.value)}>{value}</span>
      </button>
    </li>
  );
}

/** A line of the trial balance: an account, or (with `difference`) a currency's totals. */
type TrialRow = { key: string; label: string; currency: string; debits: number; credits: number; difference?: number };
const trialColumns: StaticColumn<TrialRow>[] = [
  {
    id: 'account',
    header: text.account,
    rowHeader: true,
    cell: (r) =>
      r.difference === undefined ? (
        <span className="font-normal text-ink-800">
          {r.label} <span className="text-ink-500">({r.currency})</span>
        </span>
      ) : (
        <span className="font-semibold">{`${text.total} (${r.currency}) · ${text.difference} ${formatMoney(r.difference, r.currency)}`}</span>
      ),
  },
  { id: 'debits', header: text.debits, align: 'end', cell: (r) => formatMoney(r.debits, r.currency) },
  { id: 'credits', header: text.credits, align: 'end', cell: (r) => formatMoney(r.credits, r.currency) },
];

function TrialBalance({ data }: { data: FinanceDashboard }) {
  const tb = data.trial_balance;
  return (
    <section aria-labelledby="finance-trial" className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="finance-trial" className="text-lg font-semibold text-ink-900">
          {text.trialBalance}
        </h2>
        <span
          className={cn('rounded-full px-3 py-1 text-sm font-semibold', tb.balanced ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-900')}
          role="status"
        >
          {tb.balanced ? text.balanced : text.notBalanced}
        </span>
      </div>
      <p className="text-sm text-ink-500">{text.trialHint}</p>
      <StaticTable
        label={text.trialBalance}
        columns={trialColumns}
        rows={[
          ...tb.accounts.map(
            (a): TrialRow => ({ key: `${a.currency}-${a.code}`, label: a.label, currency: a.currency, debits: a.debits_cents, credits: a.credits_cents }),
          ),
          ...tb.currencies.map(
            (c): TrialRow => ({
              key: c.currency,
              label: '',
              currency: c.currency,
              debits: c.debits_cents,
              credits: c.credits_cents,
              difference: c.difference_cents,
            }),
          ),
        ]}
        getRowKey={(r) => r.key}
        rowClassName={(r) => (r.difference === undefined ? undefined : 'border-t-2 border-ink-300 font-semibold')}
        variant="plain"
        density="compact"
        tableClassName="min-w-[30rem]"
      />
    </section>
  );
}
