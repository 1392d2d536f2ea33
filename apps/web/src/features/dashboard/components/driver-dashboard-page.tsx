import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Gauge, Star } from 'lucide-react';
import { dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import { type MyDashboard, useMyDashboard } from '../api/get-my-dashboard';
import { percent, progressOf } from '../lib/dashboard-format';
import { ComplianceAlerts } from './compliance-alerts-card';
import { DemandCard } from './demand-card';
import { GoalForm } from './goal-form';

const text = dashboardText;
const card = 'rounded-3xl border border-ink-200 bg-white p-5';
const cardTitle = 'text-sm font-semibold tracking-wide text-ink-500 uppercase';

function Progress({ label, value, goal }: { label: string; value: number; goal: number | null }) {
  const pct = progressOf(value, goal);
  if (pct === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={text.today.progress(label, pct)}
      className="mt-2 h-2.5 overflow-hidden rounded-full bg-ink-100"
    >
      <div className={pct >= 100 ? 'h-full bg-brand-500' : 'h-full bg-ink-900'} style={{ width: `${pct}%` }} />
    </div>
  );
}

function TodayCard({ data }: { data: MyDashboard }) {
  const [editing, setEditing] = useState(false);
  const money = (cents: number) => formatMoney(cents, data.city.currency);
  const { today, goal } = data;
  const reached =
    goal !== null && (goal.earnings_cents === null || today.net_cents >= goal.earnings_cents) && (goal.trips === null || today.trips >= goal.trips);
  return (
    <section aria-labelledby="dash-today" className={card}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="dash-today" className={cardTitle}>
          {text.today.title}
        </h2>
        {reached ? <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">{text.today.reached}</span> : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-ink-600">{text.today.earnings}</dt>
          <dd className="text-3xl font-bold text-ink-900 tabular-nums" data-testid="today-earnings">
            {money(today.net_cents)}
          </dd>
          {goal?.earnings_cents != null ? <dd className="text-sm text-ink-600">{text.today.of(money(goal.earnings_cents))}</dd> : null}
          <dd>
            <Progress label={text.today.earnings} value={today.net_cents} goal={goal?.earnings_cents ?? null} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">{text.today.trips}</dt>
          <dd className="text-3xl font-bold text-ink-900 tabular-nums" data-testid="today-trips">
            {today.trips}
          </dd>
          {goal?.trips != null ? <dd className="text-sm text-ink-600">{text.today.of(String(goal.trips))}</dd> : null}
          <dd>
            <Progress label={text.today.trips} value={today.trips} goal={goal?.trips ?? null} />
          </dd>
        </div>
      </dl>
      {today.trips === 0 ? <p className="mt-3 text-sm text-ink-600">{text.today.noRides}</p> : null}
      {today.tips_cents > 0 ? <p className="mt-1 text-sm text-ink-600">{text.today.tips(money(today.tips_cents))}</p> : null}
      {editing ? (
        <GoalForm goal={goal} currency={data.city.currency} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-ink-100 pt-3">
          <p className="text-sm text-ink-600">{goal ? null : text.goal.none}</p>
          <div className="flex gap-2">
            <Link
              to="/driver-earnings"
              className="inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {text.today.earningsLink}
            </Link>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              {goal ? text.goal.change : text.goal.set}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function WorkCard({ data }: { data: MyDashboard }) {
  const { stats, comments } = data;
  const figure = (label: string, value: string | null, sub: string) => (
    <div className="rounded-2xl bg-ink-50 p-3">
      <dt className="text-xs font-medium text-ink-600">{label}</dt>
      <dd className="text-xl font-bold text-ink-900 tabular-nums">{value ?? text.work.none}</dd>
      <dd className="text-xs text-ink-500">{sub}</dd>
    </div>
  );
  return (
    <section aria-labelledby="dash-work" className={card}>
      <h2 id="dash-work" className={cardTitle}>
        {text.work.title}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {figure(text.work.acceptance, percent(stats.acceptance_rate), text.work.offers(stats.offers))}
        {figure(text.work.cancellation, percent(stats.cancellation_rate), text.work.rides(stats.rides))}
        {figure(text.work.rating, stats.rating === null ? null : stats.rating.toFixed(1), text.work.ratings(stats.ratings))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-ink-800">{text.work.comments}</h3>
      {comments.length === 0 ? (
        <p className="mt-1 text-sm text-ink-600">{text.work.noComments}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {comments.map((c) => (
            <li key={`${c.at}-${c.comment}`} className="rounded-2xl bg-ink-50 p-3 text-sm">
              <p className="flex items-center gap-0.5" aria-label={text.work.stars(c.stars)} role="img">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star key={n} className={n <= c.stars ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-ink-300'} aria-hidden="true" />
                ))}
              </p>
              <p className="mt-1 text-ink-800">“{c.comment}”</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The driver's own dashboard at its secret path (issue 14, decision 0050): one phone screen — the online switch,
 * today against the goal, document alerts, the next shift, demand near them, and how they work. The route
 * module hands in the drivers feature's switch and the schedule feature's next shift as slots. Each card has
 * its own loading and error state, so one failing read never blanks the screen.
 */
export function DriverDashboardPage({ onlineSwitch, nextShift }: { onlineSwitch: ReactNode; nextShift: ReactNode }) {
  const dashboard = useMyDashboard();
  return (
    <div className="mx-auto w-full max-w-xl space-y-4 px-4 py-6 sm:py-10">
      <PageTitle title={text.title} />
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-ink-900 text-brand-400">
          <Gauge className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900">{text.title}</h1>
          {dashboard.data ? <p className="truncate text-sm text-ink-600">{text.hello(dashboard.data.driver.name)}</p> : null}
        </div>
      </header>
      {onlineSwitch}
      <QueryView query={dashboard} loadFailed={(error) => `${text.loadFailed} ${error.message}`} loadingClassName="min-h-40">
        {(dashboardData) => <TodayCard data={dashboardData} />}
      </QueryView>
      <ComplianceAlerts />
      {nextShift}
      <DemandCard />
      {dashboard.data ? <WorkCard data={dashboard.data} /> : null}
    </div>
  );
}
