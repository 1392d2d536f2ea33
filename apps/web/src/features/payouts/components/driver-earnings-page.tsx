import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { BarChart3, Download, Printer, TriangleAlert } from 'lucide-react';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import type { EarningsPeriod } from '@openride/shared/payouts/schemas';
import type { DriverStanding } from '@openride/shared/payouts/views';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button-classes';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { StatCards } from '@/components/ui/stat-cards';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/cn';
import { type DriverEarnings, statementCsvHref, useEarnings, useStatements } from '../api/payouts';
import { hasEarningsToChart } from '../lib/earnings-chart-data';

const text = payoutsText.earnings;
const EarningsChart = lazy(() => import('./earnings-chart'));
const PERIODS = (['today', 'week', 'month'] as const).map((value) => ({ value, label: text.periods[value] }));

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * /driver-earnings (issue 13, decision 0040): an approved driver's own money, every figure a sum of their ledger
 * entries — the balance and what happens next, today / this week / this month with a chart by day, each
 * trip's fare split, cash collected against net earned, and weekly statements to download or print.
 */
export function DriverEarningsPage() {
  const [period, setPeriod] = useState<EarningsPeriod>('week');
  const earnings = useEarnings(period);
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      <QueryView query={earnings} loadFailed={(error) => error.message || text.loadFailed} keepData>
        {(earningsData) => (
          <div className="space-y-10">
            <BalanceCard e={earningsData} />
            <Tabs label={text.periodsLabel} items={PERIODS} value={period} onValueChange={setPeriod}>
              {() => <PeriodPanel e={earningsData} />}
            </Tabs>
            <Statements currency={earningsData.city.currency} />
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

/** The balance of the driver's ledger account in words, and what happens next. */
function BalanceCard({ e }: { e: DriverEarnings }) {
  const s = e.standing;
  const money = (cents: number) => formatMoney(cents, s.currency);
  const headline = s.balance_cents > 0 ? text.youOwe(money(s.balance_cents)) : s.balance_cents < 0 ? text.youreOwed(money(-s.balance_cents)) : text.settled;
  return (
    <section
      aria-labelledby="balance-title"
      className={cn(
        'rounded-3xl p-5 ring-1 sm:p-6',
        s.blocked ? 'bg-red-50 ring-red-200' : s.balance_cents > 0 ? 'bg-amber-50 ring-amber-200' : 'bg-brand-50 ring-brand-500/30',
      )}
    >
      <h2 id="balance-title" className="text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {text.balanceTitle}
      </h2>
      <p className="mt-1 text-3xl font-bold text-ink-900" data-testid="balance">
        {headline}
      </p>
      <NextStep s={s} timeZone={e.city.timezone} />
    </section>
  );
}

function NextStep({ s, timeZone }: { s: DriverStanding; timeZone: string }) {
  const money = (cents: number) => formatMoney(cents, s.currency);
  if (s.balance_cents < 0) {
    return (
      <p className="mt-2 text-ink-700">
        {s.next_payout_date
          ? text.nextPayout(s.next_payout_date, money(s.minimum_payout_cents), s.payout_weekday)
          : text.belowMinimum(money(s.minimum_payout_cents))}
      </p>
    );
  }
  if (s.balance_cents === 0) return <p className="mt-2 text-ink-700">{text.settledNote}</p>;
  if (s.blocked) {
    return (
      <Alert as="div" tone="plain" className="mt-3 flex gap-2 text-red-800">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="block">{text.blockedTitle}</strong>
          {text.settleBy(money(s.settle_cents), when(s.settle_by!, timeZone))}
        </p>
      </Alert>
    );
  }
  if (s.settle_by) return <p className="mt-2 text-ink-700">{text.settleBy(money(s.settle_cents), when(s.settle_by, timeZone))}</p>;
  return <p className="mt-2 text-ink-700">{text.withinLimit(money(s.negative_balance_limit_cents))}</p>;
}

function PeriodPanel({ e }: { e: DriverEarnings }) {
  const f = e[e.period];
  const money = (cents: number) => formatMoney(cents, e.city.currency);
  const diff = f.cash_collected_cents - f.net_cents;
  return (
    <div className="space-y-8">
      <StatCards
        cards={[
          { label: text.net, value: money(f.net_cents) },
          { label: text.cash, value: money(f.cash_collected_cents) },
          { label: text.trips, value: f.trips },
          { label: text.tips, value: money(f.tips_cents) },
        ]}
      />
      <p className="text-ink-700">
        {text.cashVsNet(money(f.cash_collected_cents), money(f.net_cents))}{' '}
        {diff > 0 ? text.cashKeeps(money(diff)) : diff < 0 ? text.cashOwed(money(-diff)) : null}
      </p>
      <section aria-labelledby="chart-title" className="space-y-2">
        <h2 id="chart-title" className="text-lg font-semibold text-ink-900">
          {text.chartTitle}
        </h2>
        {hasEarningsToChart(e.days) ? (
          <Suspense fallback={<LoadingScreen className="h-56" />}>
            <EarningsChart days={e.days} currency={e.city.currency} />
          </Suspense>
        ) : (
          <QueryEmpty
            icon={BarChart3}
            hint={text.noEarningsHint}
            action={
              <Link to={paths.driverActive} className={buttonClasses({ size: 'sm' })}>
                {text.goOnline}
              </Link>
            }
          >
            {text.noEarnings}
          </QueryEmpty>
        )}
      </section>
      <section aria-labelledby="trips-title" className="space-y-3">
        <h2 id="trips-title" className="text-lg font-semibold text-ink-900">
          {text.tripsTitle}
        </h2>
        {e.trips.length === 0 ? (
          <QueryEmpty hint={text.noTripsHint}>{text.noTrips}</QueryEmpty>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {e.trips.map((t) => (
              <li key={t.ride_id ?? t.at}>
                <article aria-label={text.trip(when(t.at, e.city.timezone))} className="rounded-2xl border border-ink-200 bg-white p-4">
                  <h3 className="font-semibold text-ink-900">{when(t.at, e.city.timezone)}</h3>
                  <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                    <Row label={text.fare} value={money(t.fare_cents)} />
                    <Row label={text.commission} value={`−${money(t.commission_cents)}`} />
                    <Row label={text.bookingFee} value={`−${money(t.booking_fee_cents)}`} />
                    {t.tax_cents ? <Row label={text.tax} value={`−${money(t.tax_cents)}`} /> : null}
                    <Row label={text.tip} value={money(t.tip_cents)} />
                    <Row label={text.feesReceived} value={money(t.fees_cents)} />
                    <Row label={text.netLine} value={money(t.net_cents)} strong />
                    <Row label={text.cashLine} value={money(t.cash_collected_cents)} />
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={cn('text-ink-600', strong && 'font-semibold text-ink-900')}>{label}</dt>
      <dd className={cn('text-right tabular-nums', strong ? 'font-semibold text-ink-900' : 'text-ink-800')}>{value}</dd>
    </>
  );
}

function Statements({ currency }: { currency: string }) {
  const statements = useStatements();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <section aria-labelledby="statements-title" className="space-y-3">
      <h2 id="statements-title" className="text-lg font-semibold text-ink-900">
        {text.statementsTitle}
      </h2>
      <p className="text-sm text-ink-600">{text.statementsIntro}</p>
      <QueryView query={statements} loadFailed={text.statementsFailed}>
        {(statementsData) => (
          <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
            {statementsData
              .filter((s, i) => i === 0 || s.trips > 0 || s.opening_cents !== 0 || s.closing_cents !== 0)
              .map((s) => {
                const week = text.week(s.week_start, s.week_end);
                return (
                  <li key={s.week_start} className="flex flex-wrap items-center gap-3 p-4">
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="font-medium text-ink-900">{week}</p>
                      <p className="text-sm text-ink-600">
                        {text.closing}: {payoutsText.statement.balanceWords(s.closing_cents, money)}
                      </p>
                    </div>
                    <Link
                      to={`/driver-earnings/statements/${s.week_start}`}
                      aria-label={text.openLabel(week)}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    >
                      <Printer className="size-4" aria-hidden="true" />
                      {text.open}
                    </Link>
                    <a
                      href={statementCsvHref(s.week_start)}
                      download
                      aria-label={text.csvLabel(week)}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      {text.csv}
                    </a>
                  </li>
                );
              })}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
