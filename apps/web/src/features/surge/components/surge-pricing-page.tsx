import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMultiplier } from '@openride/shared/surge/surge';
import { surgeText } from '@openride/shared/surge/surge-text';
import type { SurgeOverview, SurgeZoneView } from '@openride/shared/surge/views';
import { kitText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import type { MapArea } from '@/components/map/ride-map';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { StaticTable } from '@/components/ui/static-table';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { CityPicker } from '@/components/ui/city-picker';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/staff';
import { surgeCity, useSetDemoRush, useSetSurgeFrozen, useSurgeOverride, useSurgeOverview, useSurgeTimeline } from '../api/surge';
import { LEGEND_TENTHS, surgeColour } from '../lib/surge-colours';
import { surgeOverrideFormSchema } from './surge-form-schemas';
import { SurgeRuleForm } from './surge-rule-form';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCityDefault } from '@/lib/console-city';

const SurgeTimelineChart = lazy(() => import('./surge-timeline-chart'));
const text = surgeText.page;

const time = (iso: string) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** "Why it is 1.4× now": the counts, and the rule that applied. */
export function whyOf(zone: SurgeZoneView, overview: SurgeOverview): string {
  const m = formatMultiplier(zone.multiplier_tenths);
  const reason =
    zone.reason === 'frozen'
      ? surgeText.reasons.frozen
      : zone.reason === 'override'
        ? surgeText.reasons.override
        : zone.reason === 'too_few_requests'
          ? surgeText.reasons.too_few_requests(overview.rule.min_requests)
          : surgeText.reasons.ratio(zone.ratio, zone.threshold, m);
  return `${surgeText.counts(zone.requests, zone.drivers, zone.ratio)}. ${reason}`;
}

/** The zones' outer rings as map areas, filled by multiplier. */
function areasOf(zones: SurgeZoneView[]): MapArea[] {
  return zones.flatMap((z) => {
    const polygons = z.geometry.type === 'Polygon' ? [z.geometry.coordinates] : z.geometry.coordinates;
    return polygons.map((rings, i) => ({
      id: `${z.zone_id}-${i}`,
      boundary: rings[0]!.map(([lng, lat]) => [lat!, lng!] as [number, number]),
      fill: surgeColour(z.multiplier_tenths),
      opacity: 0.45,
      title: `${z.name}: ${formatMultiplier(z.multiplier_tenths)}`,
    }));
  });
}

/**
 * /surge-pricing (admins): the multiplier of every pricing zone now, why, its timeline, and, for a role that may,
 * overrides, freeze (`surge.override`) and the rule (`surge.rule`).
 */
export function SurgePricingPage() {
  const mayOverride = useCan('surge.override');
  const mayRule = useCan('surge.rule');
  const [params, setParams] = useSearchParams();
  const cityId = surgeCity(params, usePageCityDefault('sf'));
  const cities = useAdminCities();
  const overview = useSurgeOverview(cityId);
  const [selected, setSelected] = useState<string | null>(null);
  const data = overview.data;
  const zoneId = selected && data?.zones.some((z) => z.zone_id === selected) ? selected : (data?.zones[0]?.zone_id ?? null);
  const areas = useMemo(() => (data ? areasOf(data.zones) : []), [data]);

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.surgePricing.title} description={uiText.pages.surgePricing.text}>
        {/* Cities by name only: never a raw id while they load or when they fail (issue 27 §12). */}
        <QueryView query={cities} loadFailed={text.citiesFailed} loading={null} keepData>
          {(list) => (
            <CityPicker
              inline
              label={text.city}
              cities={list}
              value={cityId}
              onChange={(id) => {
                setSelected(null);
                setParams({ city: id }, { replace: true });
              }}
            />
          )}
        </QueryView>
      </PageHeading>

      <QueryView query={overview} loadFailed={text.loadFailed} keepData>
        {(data) => (
          <div className="space-y-6">
            {mayOverride ? (
              <Switches overview={data} />
            ) : data.frozen ? (
              <p className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">{text.frozenOn}</p>
            ) : null}
            <p className="text-sm text-ink-600">{text.every(data.tick_seconds, data.window_seconds)}</p>
            {data.zones.length === 0 ? (
              <QueryEmpty>{text.noZones}</QueryEmpty>
            ) : (
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                <div className="space-y-2">
                  <RideMap areas={areas} fitOnce label={text.map} className="h-80 rounded-2xl lg:h-[28rem]" />
                  <Legend />
                </div>
                <section aria-labelledby="surge-zones" className="space-y-3">
                  <h2 id="surge-zones" className="text-lg font-semibold text-ink-900">
                    {text.zones}
                  </h2>
                  <ul className="space-y-3">
                    {data.zones.map((z) => (
                      <ZoneCard
                        key={z.zone_id}
                        zone={z}
                        overview={data}
                        selected={z.zone_id === zoneId}
                        onSelect={() => setSelected(z.zone_id)}
                        mayOverride={mayOverride}
                      />
                    ))}
                  </ul>
                </section>
              </div>
            )}
            {zoneId ? <Timeline zoneId={zoneId} name={data.zones.find((z) => z.zone_id === zoneId)?.name ?? ''} /> : null}
            {mayRule ? <SurgeRuleForm cityId={cityId} rule={data.rule} /> : null}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function Switches({ overview }: { overview: SurgeOverview }) {
  const freeze = useSetSurgeFrozen(overview.city_id);
  const rush = useSetDemoRush(overview.city_id);
  const [confirming, setConfirming] = useState(false);
  const failed = (error: Error) => toast({ title: error.message, variant: 'destructive' });
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-ink-100 bg-white p-4 sm:flex-row sm:flex-wrap sm:gap-8">
      <div className="flex items-start gap-3">
        <Switch
          checked={overview.frozen}
          disabled={freeze.isPending}
          aria-label={text.frozen}
          aria-describedby="surge-freeze-hint"
          onClassName="bg-red-600"
          className="mt-0.5"
          onCheckedChange={(on) => (on ? setConfirming(true) : freeze.mutate(false, { onError: failed }))}
        />
        <div>
          <p className="font-medium text-ink-900">{text.frozen}</p>
          <p id="surge-freeze-hint" className="max-w-sm text-sm text-ink-600">
            {overview.frozen ? text.frozenOn : text.frozenHint}
          </p>
        </div>
      </div>
      {overview.demo ? (
        <div className="flex items-start gap-3">
          <Switch
            checked={overview.demo_rush}
            disabled={rush.isPending}
            aria-label={text.demoRush}
            aria-describedby="surge-rush-hint"
            className="mt-0.5"
            onCheckedChange={(on) => rush.mutate(on, { onError: failed })}
          />
          <div>
            <p className="font-medium text-ink-900">{text.demoRush}</p>
            <p id="surge-rush-hint" className="max-w-sm text-sm text-ink-600">
              {text.demoRushHint}
            </p>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${text.frozen}?`}
        description={text.frozenHint}
        confirmLabel={text.frozen}
        variant="destructive"
        busy={freeze.isPending}
        onConfirm={() => freeze.mutate(true, { onSuccess: () => setConfirming(false), onError: failed })}
      />
    </div>
  );
}

function Legend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-ink-600">
      <span className="font-medium">{text.legend}</span>
      {LEGEND_TENTHS.map((t) => (
        <span key={t} className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: surgeColour(t) }} />
          {formatMultiplier(t)}
          {t === LEGEND_TENTHS[LEGEND_TENTHS.length - 1] ? '+' : ''}
        </span>
      ))}
    </div>
  );
}

function ZoneCard({
  zone,
  overview,
  selected,
  onSelect,
  mayOverride,
}: {
  zone: SurgeZoneView;
  overview: SurgeOverview;
  selected: boolean;
  onSelect: () => void;
  mayOverride: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const override = useSurgeOverride(overview.city_id);
  return (
    <li aria-labelledby={headingId} className={cn('rounded-2xl border bg-white p-4', selected ? 'border-brand-600' : 'border-ink-100')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-ink-900">
            <button type="button" className="min-h-11 text-left underline-offset-2 hover:underline" aria-pressed={selected} onClick={onSelect}>
              {zone.name}
            </button>
          </h3>
          <p className="text-xs text-ink-500">{zone.updated_at ? text.updated(time(zone.updated_at)) : text.notYet}</p>
        </div>
        <p className="shrink-0 rounded-xl px-3 py-1 text-2xl font-bold text-white" style={{ background: surgeColour(zone.multiplier_tenths) }}>
          <span className="sr-only">{text.multiplierNow}: </span>
          {formatMultiplier(zone.multiplier_tenths)}
        </p>
      </div>
      <p className="mt-2 text-sm text-ink-700">
        <span className="font-medium">{text.why}: </span>
        {whyOf(zone, overview)}
      </p>
      {zone.override_tenths != null && zone.override_until ? (
        <p className="mt-1 text-sm font-medium text-amber-800">{text.overrideLive(formatMultiplier(zone.override_tenths), time(zone.override_until))}</p>
      ) : null}
      {mayOverride ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
            {text.override}
          </Button>
          {zone.override_tenths != null ? (
            <Button
              size="sm"
              variant="outline"
              disabled={override.isPending}
              onClick={() => override.mutate({ zoneId: zone.zone_id, clear: true }, { onError: (e) => toast({ title: e.message, variant: 'destructive' }) })}
            >
              {text.overrideEnd}
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing && mayOverride ? <OverrideForm zone={zone} overview={overview} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

/** The local date-time an hour from now, as a datetime-local input wants it. */
function inAnHour() {
  const d = new Date(Date.now() + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function OverrideForm({ zone, overview, onDone }: { zone: SurgeZoneView; overview: SurgeOverview; onDone: () => void }) {
  const override = useSurgeOverride(overview.city_id);
  const form = useZodForm(surgeOverrideFormSchema, {
    defaultValues: {
      multiplier_tenths: String(Math.max(overview.rule.floor_tenths, Math.min(overview.rule.cap_tenths, zone.multiplier_tenths))),
      until: inAnHour(),
    },
  });
  const choices = [];
  for (let t = overview.rule.floor_tenths; t <= overview.rule.cap_tenths; t++) choices.push(t);
  return (
    <Form
      form={form}
      aria-label={text.overrideTitle(zone.name)}
      className="mt-3 space-y-3 rounded-xl bg-ink-50 p-3"
      onSubmit={(values) => override.mutate({ zoneId: zone.zone_id, ...values }, { onSuccess: onDone })}
    >
      <p className="text-sm font-medium text-ink-900">{text.overrideTitle(zone.name)}</p>
      <div className="flex flex-wrap items-start gap-3">
        <FormField name="multiplier_tenths" as="select" label={text.overrideMultiplier} className="w-28">
          {choices.map((t) => (
            <option key={t} value={String(t)}>
              {formatMultiplier(t)}
            </option>
          ))}
        </FormField>
        <FormField name="until" type="datetime-local" label={text.overrideUntil} className="w-56" required />
      </div>
      <MutationError error={override.error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={override.isPending}>
          {text.overrideSave}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {kitText.cancel}
        </Button>
      </div>
    </Form>
  );
}

function Timeline({ zoneId, name }: { zoneId: string; name: string }) {
  const timeline = useSurgeTimeline(zoneId);
  const points = timeline.data?.points ?? [];
  return (
    <section aria-labelledby="surge-timeline" className="space-y-3 rounded-2xl border border-ink-100 bg-white p-4">
      <h2 id="surge-timeline" className="text-lg font-semibold text-ink-900">
        {text.timeline(name)}
      </h2>
      <QueryView
        query={timeline}
        loadFailed={text.loadFailed}
        isEmpty={() => points.length === 0}
        empty={<p className="text-sm text-ink-600">{text.timelineEmpty}</p>}
      >
        {(_timeline) => (
          <>
            <Suspense fallback={<div className="h-64" />}>
              <SurgeTimelineChart points={points} />
            </Suspense>
            <details className="text-sm">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-ink-800">{text.timelineTable}</summary>
              <div className="max-h-64 overflow-auto">
                <StaticTable
                  label={text.timelineTable}
                  variant="plain"
                  density="compact"
                  rows={[...points].reverse()}
                  getRowKey={(p) => p.at}
                  columns={[
                    { id: 'at', header: text.at, cell: (p) => time(p.at) },
                    { id: 'requests', header: text.requests, cell: (p) => p.requests },
                    { id: 'drivers', header: text.drivers, cell: (p) => p.drivers },
                    { id: 'ratio', header: text.ratio, cell: (p) => p.ratio.toFixed(2) },
                    { id: 'multiplier', header: text.multiplierNow, cell: (p) => formatMultiplier(p.multiplier_tenths) },
                  ]}
                />
              </div>
            </details>
          </>
        )}
      </QueryView>
    </section>
  );
}
