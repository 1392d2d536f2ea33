import { compassWord, dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { DEMAND_NEAR_RADIUS_M } from '@openride/shared/dashboard/limits';
import { QueryView } from '@/components/ui/query-view';
import { type DemandNear, useDemandNearMe } from '../api/get-demand-near-me';
import { distanceWords } from '../lib/dashboard-format';

const text = dashboardText.demand;
const R = 44;

/** A small radar: the driver in the middle, each cell a dot at its bearing and distance, sized by requests. No map library. */
function DemandRadar({ cells }: { cells: DemandNear['cells'] }) {
  const max = Math.max(1, ...cells.map((c) => c.requests));
  return (
    <svg viewBox="-50 -50 100 100" className="size-28 shrink-0" aria-hidden="true">
      <circle r={R} className="fill-ink-50 stroke-ink-200" strokeWidth="1" />
      <circle r={R / 2} className="fill-none stroke-ink-200" strokeWidth="1" strokeDasharray="2 2" />
      <text y={-R + 8} textAnchor="middle" className="fill-ink-400 text-[8px]">
        N
      </text>
      {cells.map((c) => {
        const d = (Math.min(c.distance_m, DEMAND_NEAR_RADIUS_M) / DEMAND_NEAR_RADIUS_M) * R;
        const a = (c.bearing * Math.PI) / 180;
        return (
          <circle
            key={c.cell}
            cx={Math.sin(a) * d}
            cy={-Math.cos(a) * d}
            r={3 + (5 * c.requests) / max}
            className="fill-brand-500/70 stroke-brand-700"
            strokeWidth="0.8"
          />
        );
      })}
      <circle r="3" className="fill-ink-900" />
    </svg>
  );
}

/** Where riders are asking for rides near the driver now: the heatmap's cells near them, as a list and a small radar. */
export function DemandCard() {
  const demand = useDemandNearMe();
  return (
    <section aria-labelledby="dash-demand" className="rounded-3xl border border-ink-200 bg-white p-5">
      <h2 id="dash-demand" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {text.title}
      </h2>
      <QueryView query={demand} loadFailed={text.failed} loadingClassName="min-h-24" errorClassName="mt-3">
        {(d) => (
          <>
            <p className="mt-1 text-sm text-ink-600">
              {text.intro(d.window.from_hour)} {text.from[d.from.source]}
            </p>
            {d.cells.length === 0 ? (
              <p className="mt-3 text-ink-700">{text.none}</p>
            ) : (
              <div className="mt-3 flex items-start gap-4">
                <DemandRadar cells={d.cells} />
                <ol className="min-w-0 flex-1 space-y-1.5 text-sm text-ink-800" data-testid="demand-cells">
                  {d.cells.map((c) => (
                    <li key={c.cell} className="flex items-baseline gap-2">
                      <span className="inline-flex min-w-7 justify-center rounded-full bg-brand-100 px-1.5 text-xs font-bold text-brand-800 tabular-nums">
                        {c.requests}
                      </span>
                      <span>{text.cell(c.requests, c.distance_m < 200 ? text.here : text.away(distanceWords(c.distance_m), compassWord(c.bearing)))}</span>
                    </li>
                  ))}
                </ol>
              </div>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
