import { scheduleText } from '@openride/shared/schedule/schedule-text';
import { type CoverageCell, WEEKDAY_SHORT } from '@openride/shared/schedule/schemas';
import { CityPicker } from '@/components/ui/city-picker';
import { allQueries, QueryView } from '@/components/ui/query-view';
import { type StaticColumn, StaticTable } from '@/components/ui/static-table';
import { cn } from '@/lib/cn';
import { useCoverage } from '../api/coverage';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCity } from '@/lib/console-city';

const text = scheduleText.coverage;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** How short an hour is: rides per scheduled driver (plus one), as the server ranks `most_short`. */
const shortness = (c: CoverageCell) => c.rides / (c.scheduled + 1);
function tone(c: CoverageCell) {
  if (c.rides === 0) return c.scheduled > 0 ? 'bg-emerald-50 text-emerald-900' : 'bg-white text-ink-400';
  const s = shortness(c);
  return s >= 3 ? 'bg-red-600 text-white' : s >= 1.5 ? 'bg-red-300 text-ink-950' : s >= 0.5 ? 'bg-amber-100 text-ink-900' : 'bg-emerald-100 text-emerald-950';
}

/**
 * /driver-admin-dashboard's coverage (issue 14, decision 0047): a 7 × 24 heat grid of the coming week, each
 * hour with its scheduled drivers over the rides it had on average the last 4 weeks, and the hour most short.
 */
export function ScheduleCoverage() {
  const cities = useAdminCities();
  const [cityId, setPicked] = usePageCity(cities.data?.[0]?.id ?? '');
  const coverage = useCoverage(cityId);
  const days = coverage.data ? Array.from({ length: 7 }, (_, i) => coverage.data.cells.slice(i * 24, i * 24 + 24)) : [];

  return (
    <section aria-labelledby="schedule-coverage" className="rounded-2xl border border-ink-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="schedule-coverage" className="text-lg font-semibold text-ink-900">
            {text.title}
          </h2>
          <p className="text-sm text-ink-500">{text.intro}</p>
        </div>
        {cities.data && cities.data.length > 1 ? <CityPicker cities={cities.data} value={cityId} onChange={setPicked} label={text.city} inline /> : null}
      </div>
      {cityId === '' && !cities.isPending && !cities.isError ? null : (
        <QueryView query={allQueries(cities, coverage)} loadFailed={text.loadFailed}>
          {([, cov]) => (
            <>
              <p className="mb-3 font-semibold text-ink-900" data-testid="most-short">
                {cov.most_short ? text.mostShort(cov.most_short) : text.noShortage}
              </p>
              <p className="mb-2 text-xs text-ink-500">{text.legend}</p>
              <StaticTable
                label={text.title}
                variant="plain"
                density="grid"
                tableClassName="min-w-[56rem]"
                rows={days}
                getRowKey={(cells) => cells[0]!.date}
                columns={[
                  {
                    id: 'day',
                    header: text.day,
                    srOnlyHeader: true,
                    rowHeader: true,
                    className: 'pr-1',
                    cell: (cells) => WEEKDAY_SHORT[cells[0]!.weekday],
                  },
                  ...HOURS.map(
                    (h): StaticColumn<CoverageCell[]> => ({
                      id: String(h),
                      header: String(h).padStart(2, '0'),
                      align: 'center',
                      className: 'tabular-nums',
                      cellClassName: (cells) => cn('h-10 min-w-8 rounded leading-tight', tone(cells[h]!)),
                      cellProps: (cells) => ({ 'data-testid': `coverage-${cells[h]!.weekday}-${h}` }),
                      cell: (cells) => <HourCell c={cells[h]!} day={WEEKDAY_SHORT[cells[0]!.weekday]!} />,
                    }),
                  ),
                ]}
              />
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}

function HourCell({ c, day }: { c: CoverageCell; day: string }) {
  return (
    <>
      <span aria-hidden="true" className="block font-semibold">
        {c.scheduled}
      </span>
      <span aria-hidden="true" className="block opacity-80">
        {c.rides ? scheduleText.formatRides(c.rides) : '·'}
      </span>
      <span className="sr-only">{text.cell(day, c.hour, c.scheduled, c.rides)}</span>
    </>
  );
}
