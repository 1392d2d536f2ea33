import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { HEATMAP_LAYERS, type Heatmap, type HeatmapCell, type HeatmapLayer } from '@openride/shared/analytics/fleet';
import { fleetText } from '@openride/shared/analytics/fleet-text';
import { uiText } from '@openride/shared/ui-text';
import { type MapArea, RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { StaticTable } from '@/components/ui/static-table';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';
import { heatmapParams, useHeatmap } from '../api/fleet';
import { ISO_DAY, lastDays } from '@/lib/date-range';
import { cellStyle, layerMax } from '../lib/heatmap-colours';
import { useConsoleCity } from '@/lib/console-city';

const text = fleetText.heatmap;
const HOURS = Array.from({ length: 25 }, (_, h) => h);
const TABLE_ROWS = 10;

/** /driver-heatmap (admins): demand, supply and the gap per hexagonal cell over chosen days and hours. */
export function DriverHeatmapPage() {
  const [params, setParams] = useSearchParams();
  const request = heatmapParams(params);
  const { from, to, from_hour: fromHour, to_hour: toHour } = request;
  const layer: HeatmapLayer = (HEATMAP_LAYERS as readonly string[]).includes(params.get('layer') ?? '') ? (params.get('layer') as HeatmapLayer) : 'demand';
  const { city } = useConsoleCity();
  const heatmap = useHeatmap(request, city);
  const id = useId();

  const set = (next: Partial<{ from: string; to: string; from_hour: number; to_hour: number; layer: HeatmapLayer }>) => {
    const merged = { from, to, from_hour: fromHour, to_hour: toHour, layer, ...next };
    if (merged.to_hour <= merged.from_hour) merged.to_hour = Math.min(24, merged.from_hour + 1);
    setParams(Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, String(v)])), { replace: true });
  };
  const presets = {
    today: lastDays(1),
    yesterday: (() => {
      const y = lastDays(2).from;
      return { from: y, to: y };
    })(),
    week: lastDays(7),
  };

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.driverHeatmap.title} description={uiText.pages.driverHeatmap.text} />

      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-1 text-sm font-medium text-ink-700">{text.day}</legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(presets).map(([key, range]) => {
              const active = range.from === from && range.to === to;
              return (
                <Button key={key} size="sm" variant={active ? 'primary' : 'outline'} aria-pressed={active} onClick={() => set(range)}>
                  {text.presets[key]}
                </Button>
              );
            })}
          </div>
          <label className="text-sm text-ink-700">
            <span className="sr-only">{text.from}</span>
            <input
              type="date"
              aria-label={text.from}
              className={cn(inputClasses, 'h-9 w-40')}
              value={from}
              max={to}
              onChange={(e) => ISO_DAY.test(e.target.value) && set({ from: e.target.value })}
            />
          </label>
          <label className="text-sm text-ink-700">
            <span className="sr-only">{text.to}</span>
            <input
              type="date"
              aria-label={text.to}
              className={cn(inputClasses, 'h-9 w-40')}
              value={to}
              min={from}
              onChange={(e) => ISO_DAY.test(e.target.value) && set({ to: e.target.value })}
            />
          </label>
        </fieldset>
        <fieldset className="flex items-end gap-2">
          <legend className="mb-1 text-sm font-medium text-ink-700">{text.hours}</legend>
          <select
            aria-label={text.fromHour}
            className={cn(inputClasses, 'h-9 w-24')}
            value={fromHour}
            onChange={(e) => set({ from_hour: Number(e.target.value) })}
          >
            {HOURS.slice(0, 24).map((h) => (
              <option key={h} value={h}>
                {text.hourLabel(h)}
              </option>
            ))}
          </select>
          <span className="pb-2 text-ink-500" aria-hidden="true">
            –
          </span>
          <select aria-label={text.toHour} className={cn(inputClasses, 'h-9 w-24')} value={toHour} onChange={(e) => set({ to_hour: Number(e.target.value) })}>
            {HOURS.slice(fromHour + 1).map((h) => (
              <option key={h} value={h}>
                {text.hourLabel(h)}
              </option>
            ))}
          </select>
        </fieldset>
        <div role="radiogroup" aria-labelledby={`${id}-layer`} className="flex flex-col gap-1">
          <span id={`${id}-layer`} className="text-sm font-medium text-ink-700">
            {text.layer}
          </span>
          <div className="inline-flex rounded-xl bg-ink-100 p-1">
            {HEATMAP_LAYERS.map((l) => (
              <button
                key={l}
                type="button"
                role="radio"
                aria-checked={l === layer}
                onClick={() => set({ layer: l })}
                className={cn('rounded-lg px-3 py-1.5 text-sm font-medium', l === layer ? 'bg-white text-ink-900 shadow' : 'text-ink-600 hover:text-ink-900')}
              >
                {text.layers[l]}
              </button>
            ))}
          </div>
        </div>
      </div>

      <QueryView query={heatmap} loadFailed={text.loadFailed} loadingClassName="min-h-96">
        {(heatmapData) => <HeatmapView data={heatmapData} layer={layer} stale={heatmap.isPlaceholderData} />}
      </QueryView>
    </PageContainer>
  );
}

const valueOf = (c: HeatmapCell, layer: HeatmapLayer) => c[layer];

function HeatmapView({ data, layer, stale }: { data: Heatmap; layer: HeatmapLayer; stale: boolean }) {
  const max = layerMax(data.cells, layer);
  const areas = useMemo<MapArea[]>(
    () =>
      data.cells
        .filter((c) => valueOf(c, layer) !== 0)
        .map((c) => ({
          id: c.cell,
          boundary: c.boundary,
          ...cellStyle(valueOf(c, layer), max, layer),
          title: `${text.demand}: ${c.demand} · ${text.supply}: ${c.supply} · ${text.gap}: ${c.gap > 0 ? '+' : ''}${c.gap}`,
        })),
    [data.cells, layer, max],
  );
  const ranked = useMemo(
    () => [...data.cells].sort((a, b) => Math.abs(valueOf(b, layer)) - Math.abs(valueOf(a, layer))).slice(0, TABLE_ROWS),
    [data.cells, layer],
  );
  const empty = data.cells.length === 0;

  return (
    <div className={cn('space-y-6 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <p className="text-sm text-ink-600" aria-live="polite">
        {text.summary(data.totals.requests, data.totals.drivers, data.totals.sampled_minutes)}
      </p>
      <div className="relative">
        <RideMap
          className="h-[28rem] rounded-2xl border border-ink-200 sm:h-[32rem]"
          label={text.mapLabel}
          areas={areas}
          center={{ lat: data.center[0], lng: data.center[1] }}
        />
        <Legend layer={layer} max={max} />
      </div>
      <p className="text-sm text-ink-500">{text.layerHints[layer]}</p>
      {empty ? (
        <QueryEmpty>{text.empty}</QueryEmpty>
      ) : (
        <SectionCard id="heatmap-table" title={text.tableTitle}>
          <StaticTable
            label={text.tableCaption}
            variant="plain"
            tableClassName="min-w-[32rem]"
            rows={ranked}
            getRowKey={(c) => c.cell}
            columns={[
              { id: 'cell', header: text.cell, cellClassName: 'font-mono text-xs', cell: (c) => `${c.center[0].toFixed(4)}, ${c.center[1].toFixed(4)}` },
              { id: 'demand', header: text.demand, align: 'end', cell: (c) => c.demand },
              { id: 'supply', header: text.supply, align: 'end', cell: (c) => c.supply },
              {
                id: 'gap',
                header: text.gap,
                align: 'end',
                cellClassName: (c) => (c.gap > 0 ? 'text-red-700' : c.gap < 0 ? 'text-blue-700' : undefined),
                cell: (c) => `${c.gap > 0 ? '+' : ''}${c.gap}`,
              },
            ]}
          />
        </SectionCard>
      )}
    </div>
  );
}

function Legend({ layer, max }: { layer: HeatmapLayer; max: number }) {
  const steps = [0.2, 0.4, 0.6, 0.8, 1];
  return (
    <div
      className="absolute bottom-3 left-3 z-[1000] rounded-xl bg-white/95 p-3 text-xs text-ink-700 shadow ring-1 ring-ink-200"
      role="group"
      aria-label={text.legendTitle}
    >
      <p className="mb-1 font-semibold">{text.layers[layer]}</p>
      {layer === 'gap' ? (
        <div className="space-y-1">
          <div className="flex" aria-hidden="true">
            {[...steps].reverse().map((s) => (
              <span
                key={`b${s}`}
                className="h-3 w-5"
                style={{ backgroundColor: cellStyle(-s * max, max, 'gap').fill, opacity: cellStyle(-s * max, max, 'gap').opacity + 0.2 }}
              />
            ))}
            {steps.map((s) => (
              <span
                key={`r${s}`}
                className="h-3 w-5"
                style={{ backgroundColor: cellStyle(s * max, max, 'gap').fill, opacity: cellStyle(s * max, max, 'gap').opacity + 0.2 }}
              />
            ))}
          </div>
          <div className="flex justify-between gap-4">
            <span>{text.legendDrivers}</span>
            <span>{text.legendRiders}</span>
          </div>
        </div>
      ) : (
        <div className="space-y-1">
          <div className="flex" aria-hidden="true">
            {steps.map((s) => (
              <span
                key={s}
                className="h-3 w-6"
                style={{ backgroundColor: cellStyle(s * max, max, layer).fill, opacity: cellStyle(s * max, max, layer).opacity + 0.2 }}
              />
            ))}
          </div>
          <div className="flex justify-between">
            <span>{text.legendLow}</span>
            <span>{max > 0 ? `${max}` : text.legendHigh}</span>
          </div>
        </div>
      )}
    </div>
  );
}
