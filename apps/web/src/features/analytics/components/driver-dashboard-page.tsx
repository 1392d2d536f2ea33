import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FLEET_WINDOWS, type DriverDashboard } from '@openride/shared/analytics/fleet';
import { fleetText as text } from '@openride/shared/analytics/fleet-text';
import { uiText } from '@openride/shared/ui-text';
import { type MapDot, RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { StatCards } from '@/components/ui/stat-cards';
import { type StaticColumn, StaticTable } from '@/components/ui/static-table';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { driverDashboardDays, useDriverDashboard } from '../api/fleet';
import { ScheduleCoverage } from './schedule-coverage';
import { formatAge, formatDateTime, percent } from '@/lib/format';
import { useConsoleCity } from '@/lib/console-city';

/** /driver-admin-dashboard (admins): drivers online now on a map, the application funnel, who waits, who declines. */
export function DriverDashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = driverDashboardDays(params);
  const { city } = useConsoleCity();
  const dashboard = useDriverDashboard(days, city);

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.driverAdminDashboard.title} description={uiText.pages.driverAdminDashboard.text}>
        <div role="group" aria-label={text.window} className="flex flex-wrap gap-2">
          {FLEET_WINDOWS.map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'primary' : 'outline'}
              aria-pressed={d === days}
              onClick={() => setParams({ days: String(d) }, { replace: true })}
            >
              {text.windows[String(d)]}
            </Button>
          ))}
        </div>
      </PageHeading>
      <QueryView query={dashboard} loadFailed={text.loadFailed} loadingClassName="min-h-60">
        {(dashboardData) => <Dashboard data={dashboardData} stale={dashboard.isPlaceholderData} />}
      </QueryView>
    </PageContainer>
  );
}

function Dashboard({ data, stale }: { data: DriverDashboard; stale: boolean }) {
  const windowName = text.windows[String(data.days)] ?? `${data.days} days`;
  const { funnel, waiting, online } = data;
  const dots = useMemo<MapDot[]>(
    () =>
      data.drivers.map((d) => ({
        id: d.driver_id,
        lat: d.lat,
        lng: d.lng,
        tone: d.state === 'available' ? 'free' : 'busy',
        title: `${d.full_name} · ${text.legend[d.state]}`,
      })),
    [data.drivers],
  );
  const cards = [
    { label: text.stats.online, value: String(online.available + online.on_ride), detail: text.stats.onlineDetail(online.available, online.on_ride) },
    {
      label: text.stats.waiting,
      value: String(waiting.count),
      detail: waiting.oldest_s === null ? text.stats.noneWaiting : text.stats.oldest(formatAge(waiting.oldest_s)),
    },
    {
      label: text.stats.approvalRate,
      value: percent(funnel.applied ? funnel.approved / funnel.applied : null),
      detail: text.stats.approvalDetail(funnel.approved, funnel.applied),
    },
    {
      label: text.stats.activation,
      value: percent(funnel.approved ? funnel.first_ride / funnel.approved : null),
      detail: text.stats.activationDetail(funnel.first_ride, funnel.approved),
    },
  ];

  return (
    <div className={cn('space-y-8 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <StatCards cards={cards} />

      <SectionCard
        id="fleet-map"
        title={text.mapTitle}
        hint={text.mapHint}
        actions={
          <ul className="flex gap-4 text-sm text-ink-700" aria-label={text.heatmap.legendTitle}>
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-emerald-600" aria-hidden="true" />
              {text.legend.available} ({online.available})
            </li>
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-ink-900" aria-hidden="true" />
              {text.legend.on_ride} ({online.on_ride})
            </li>
          </ul>
        }
      >
        <RideMap className="h-80 rounded-xl sm:h-96" label={text.mapLabel} dots={dots} fitOnce />
        {data.drivers.length === 0 ? <p className="mt-3 text-sm text-ink-500">{text.noneOnline}</p> : null}
      </SectionCard>

      <ScheduleCoverage />

      <section aria-labelledby="fleet-funnel" className="rounded-2xl border border-ink-200 bg-white p-4">
        <h2 id="fleet-funnel" className="text-lg font-semibold text-ink-900">
          {text.funnelTitle}
        </h2>
        <p className="mb-4 text-sm text-ink-500">{text.funnelHint(windowName)}</p>
        <Funnel
          steps={[
            { label: text.funnelSteps.applied, value: funnel.applied },
            { label: text.funnelSteps.approved, value: funnel.approved },
            { label: text.funnelSteps.first_ride, value: funnel.first_ride },
          ]}
        />
        {funnel.rejected ? <p className="mt-2 text-sm text-ink-500">{text.funnelRejected(funnel.rejected)}</p> : null}
      </section>

      <section aria-labelledby="fleet-waiting" className="rounded-2xl border border-ink-200 bg-white p-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="fleet-waiting" className="text-lg font-semibold text-ink-900">
            {text.waitingTitle}
          </h2>
          <Link to={paths.driverManagement} className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline">
            {text.reviewAll}
          </Link>
        </div>
        {waiting.applications.length === 0 ? (
          <QueryEmpty>{text.waitingEmpty}</QueryEmpty>
        ) : (
          <>
            <SimpleTable
              caption={text.waitingTitle}
              head={[text.columns.driver, text.columns.vehicle, text.columns.applied, text.columns.waiting]}
              rows={waiting.applications.map((a) => ({
                id: a.driver_id,
                cells: [<DriverLink key="d" id={a.driver_id} name={a.full_name} />, a.vehicle, formatDateTime(a.applied_at), formatAge(a.waiting_s)],
              }))}
              numeric={[3]}
            />
            {waiting.count > waiting.applications.length ? (
              <p className="mt-2 text-sm text-ink-500">{text.waitingMore(waiting.applications.length, waiting.count)}</p>
            ) : null}
          </>
        )}
      </section>

      <SectionCard id="fleet-reliability" title={text.reliabilityTitle} hint={text.reliabilityHint(windowName)}>
        {data.reliability.length === 0 ? (
          <QueryEmpty>{text.reliabilityEmpty}</QueryEmpty>
        ) : (
          <SimpleTable
            caption={text.reliabilityTitle}
            head={[text.columns.driver, text.columns.offers, text.columns.declined, text.columns.declineRate, text.columns.cancelled, text.columns.cancelRate]}
            rows={data.reliability.map((r) => ({
              id: r.driver_id,
              cells: [
                <DriverLink key="d" id={r.driver_id} name={r.full_name} />,
                r.offers,
                r.declined + r.expired,
                percent(r.decline_rate),
                r.cancelled,
                percent(r.cancel_rate),
              ],
            }))}
            numeric={[1, 2, 3, 4, 5]}
          />
        )}
      </SectionCard>
    </div>
  );
}

function DriverLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to={paths.driverDetail(id)} className="font-medium text-ink-900 underline-offset-2 hover:underline">
      {name || text.none}
    </Link>
  );
}

/** Bars whose widths are each step's share of the first: the drop between steps is what the eye reads. */
function Funnel({ steps }: { steps: { label: string; value: number }[] }) {
  const top = Math.max(1, steps[0]?.value ?? 0);
  return (
    <ol className="space-y-2">
      {steps.map((s) => (
        <li key={s.label} className="grid grid-cols-[10rem_1fr_3rem] items-center gap-3 text-sm max-sm:grid-cols-[7rem_1fr_2.5rem]">
          <span className="text-ink-700">{s.label}</span>
          <span className="h-6 rounded-md bg-ink-100" aria-hidden="true">
            <span className="block h-full rounded-md bg-emerald-600" style={{ width: `${(s.value / top) * 100}%` }} />
          </span>
          <span className="text-right font-semibold text-ink-900 tabular-nums">{s.value}</span>
        </li>
      ))}
    </ol>
  );
}

type Row = { id: string; cells: React.ReactNode[] };

/** A short read-only summary table (the top few of something) on the kit's StaticTable; full lists use DataTable. */
function SimpleTable({ caption, head, rows, numeric }: { caption: string; head: string[]; rows: Row[]; numeric: number[] }) {
  return (
    <StaticTable
      label={caption}
      variant="plain"
      tableClassName="min-w-[32rem]"
      rows={rows}
      getRowKey={(r) => r.id}
      columns={head.map((h, k): StaticColumn<Row> => ({ id: String(k), header: h, align: numeric.includes(k) ? 'end' : 'start', cell: (r) => r.cells[k] }))}
    />
  );
}
