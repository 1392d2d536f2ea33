import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { ANALYTICS_OUTCOMES, type Analytics } from '@openride/shared/analytics/schemas';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { SectionCard } from '@/components/ui/section-card';
import { StatCards } from '@/components/ui/stat-cards';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { StaticTable } from '@/components/ui/static-table';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { analyticsRange, useAnalytics } from '../api/get-analytics';
import { analyticsCsv } from '../lib/analytics-csv';

const OutcomesChart = lazy(() => import('./outcomes-chart'));
const text = uiText.analytics;

const minutes = (s: number | null) => (s === null ? text.none : s < 90 ? `${s} s` : `${Math.round(s / 60)} min`);
const percent = (r: number | null) => (r === null ? text.none : `${Math.round(r * 1000) / 10}%`);

/** /analytics (admins): the marketplace over a date range — cards, a chart, and the same numbers as a table and CSV. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const { from, to, tz } = analyticsRange(params);
  // The console's city (the frame's selector), else every city of the member's.
  const { city } = useConsoleCity();
  const analytics = useAnalytics(from, to, tz, city);
  const setRange = (next: { from: string; to: string }) => setParams(next, { replace: true });

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.analytics.title} description={uiText.pages.analytics.text} />

      <DateRangeFields from={from} to={to} onChange={setRange} />

      <QueryView query={analytics} loadFailed={text.loadFailed} loadingClassName="min-h-60">
        {(analyticsData) => <AnalyticsReport data={analyticsData} stale={analytics.isPlaceholderData} />}
      </QueryView>
    </PageContainer>
  );
}

function AnalyticsReport({ data, stale }: { data: Analytics; stale: boolean }) {
  const t = data.totals;
  // Fares per currency, the most used first: two currencies are never added together (issue 29 §3).
  const fares = (byCurrency: Record<string, number>) => data.currencies.map((c) => formatMoney(byCurrency[c] ?? 0, c)).join(' · ') || text.none;
  const cards = [
    { label: text.stats.requested, value: String(t.requested) },
    { label: text.stats.completionRate, value: percent(t.completion_rate) },
    {
      label: text.stats.pickupWait,
      value: minutes(data.pickup_wait_s.p50),
      detail: data.pickup_wait_s.p50 === null ? undefined : text.p50p90(minutes(data.pickup_wait_s.p50), minutes(data.pickup_wait_s.p90)),
    },
    {
      label: text.stats.tripDuration,
      value: minutes(data.trip_duration_s.p50),
      detail: data.trip_duration_s.p50 === null ? undefined : text.p50p90(minutes(data.trip_duration_s.p50), minutes(data.trip_duration_s.p90)),
    },
    { label: text.stats.fares, value: fares(t.fares) },
    { label: text.stats.activeRiders, value: String(data.active_riders) },
    { label: text.stats.activeDrivers, value: String(data.active_drivers) },
    { label: text.stats.signups, value: String(data.new_signups.accounts), detail: text.signupsDetail(data.new_signups.driver_applications) },
  ];
  const download = () => {
    const url = URL.createObjectURL(new Blob([analyticsCsv(data)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `openride-analytics-${data.from}-to-${data.to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className={cn('space-y-8 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <StatCards cards={cards} />

      <SectionCard
        id="analytics-chart"
        title={text.chartTitle}
        hint={text.chartHint}
        actions={
          <Button size="sm" variant="outline" onClick={download} disabled={t.requested === 0}>
            <Download className="size-4" aria-hidden="true" />
            {text.csv}
          </Button>
        }
      >
        {t.requested === 0 ? (
          <p className="py-10 text-center text-sm text-ink-500">{text.empty}</p>
        ) : (
          <Suspense fallback={<LoadingScreen className="h-72" />}>
            <OutcomesChart days={data.days} />
          </Suspense>
        )}
      </SectionCard>

      {t.requested === 0 ? null : (
        <StaticTable
          label={text.tableRegion}
          density="compact"
          tableClassName="min-w-[44rem]"
          rows={data.days}
          getRowKey={(d) => d.day}
          columns={[
            { id: 'day', header: text.day, rowHeader: true, className: 'whitespace-nowrap', cell: (d) => d.day },
            ...(['requested', ...ANALYTICS_OUTCOMES] as const).map((k) => ({
              id: k,
              header: text.outcomes[k],
              align: 'end' as const,
              cell: (d: Analytics['days'][number]) => d[k],
            })),
            ...data.currencies.map((c) => ({
              id: `fares-${c}`,
              header: data.currencies.length > 1 ? `${text.outcomes.fares_cents} (${c})` : text.outcomes.fares_cents,
              align: 'end' as const,
              cell: (d: Analytics['days'][number]) => formatMoney(d.fares[c] ?? 0, c),
            })),
          ]}
        />
      )}
    </div>
  );
}
