import { useMemo, useState } from 'react';
import { ZONE_DEFAULTS } from '@openride/shared/zones/schemas';
import { zonesText as text, zoneTypeLabels } from '@openride/shared/zones/zones-text';
import { type MapArea, RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { StaticTable } from '@/components/ui/static-table';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { CityPicker } from '@/components/ui/city-picker';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useDeleteZone, useSaveZone, useZones, type Zone } from '../api/zones';
import { type Corner, cornersOf, polygonsForMap } from '../lib/geometry';
import { CityForm } from './city-form';
import { CityPlacesCard } from './city-places-card';
import { ImportExportZones } from './import-zones';
import { TestPointPanel } from './test-point-panel';
import { type ZoneDraft, ZoneForm } from './zone-form';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCity } from '@/lib/console-city';

type Mode = { kind: 'idle' } | { kind: 'zone'; drawing: boolean } | { kind: 'test' };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const newDraft = (): ZoneDraft => ({
  zone: null,
  name: '',
  type: 'pricing_zone',
  color: ZONE_DEFAULTS.color,
  priority: String(ZONE_DEFAULTS.priority),
  enabled: true,
});

/** /geofence-management: a city's service areas and zones on the map, drawn, edited, switched, imported, tested. */
export function GeofenceManagementPage() {
  const cities = useAdminCities();
  const [cityId, setChosen] = usePageCity(cities.data?.[0]?.id ?? null);
  const [cityForm, setCityForm] = useState<'add' | 'edit' | null>(null);
  const city = cities.data?.find((c) => c.id === cityId) ?? null;
  const zones = useZones(cityId);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [draft, setDraft] = useState<ZoneDraft>(newDraft);
  const [corners, setCorners] = useState<Corner[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [testPoint, setTestPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const save = useSaveZone();
  const remove = useDeleteZone();

  const editingId = mode.kind === 'zone' ? draft.zone?.id : undefined;
  const areas = useMemo<MapArea[]>(
    () =>
      (zones.data ?? [])
        .filter((z) => z.id !== editingId)
        .flatMap((z) =>
          polygonsForMap(z.geometry).map((p, k) => ({
            id: `${z.id}-${k}`,
            boundary: p.boundary,
            holes: p.holes,
            fill: z.color,
            opacity: z.enabled ? 0.25 : 0.05,
            dashed: !z.enabled,
            title: `${z.name} · ${zoneTypeLabels[z.type]}`,
          })),
        ),
    [zones.data, editingId],
  );

  const startDrawing = () => {
    setDraft(newDraft());
    setCorners([]);
    setMode({ kind: 'zone', drawing: true });
  };
  const startEditing = (zone: Zone) => {
    setDraft({ zone, name: zone.name, type: zone.type, color: zone.color, priority: String(zone.priority), enabled: zone.enabled });
    setCorners(cornersOf(zone.geometry));
    setMode({ kind: 'zone', drawing: false });
  };
  const stop = () => {
    setMode({ kind: 'idle' });
    setCorners([]);
  };

  const onPick = (p: { lat: number; lng: number }) => {
    if (mode.kind === 'zone' && mode.drawing) setCorners((c) => [...c, [round6(p.lat), round6(p.lng)]]);
    else if (mode.kind === 'test') setTestPoint({ lat: round6(p.lat), lng: round6(p.lng) });
  };

  const toggle = (zone: Zone, enabled: boolean) =>
    save.mutate({ id: zone.id, enabled }, { onError: (e) => toast({ variant: 'destructive', title: isApiError(e) ? e.message : text.loadFailed }) });

  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.description} />

      <QueryView query={cities} loadFailed={text.citiesFailed}>
        {(citiesData) => (
          <div className="space-y-6">
            <div className="flex flex-wrap items-end gap-3">
              <CityPicker
                className="w-64 max-w-full"
                label={text.city}
                cities={citiesData}
                value={cityId ?? ''}
                onChange={(id) => {
                  setChosen(id);
                  stop();
                  setTestPoint(null);
                }}
              />
              <Button variant="outline" onClick={() => setCityForm((v) => (v === 'add' ? null : 'add'))} aria-expanded={cityForm === 'add'}>
                {text.addCity}
              </Button>
              {city ? (
                <Button variant="outline" onClick={() => setCityForm((v) => (v === 'edit' ? null : 'edit'))} aria-expanded={cityForm === 'edit'}>
                  {text.editCity}
                </Button>
              ) : null}
            </div>
            {cityForm ? (
              <CityForm
                key={cityForm === 'edit' ? city?.id : 'new'}
                city={cityForm === 'edit' ? (city ?? undefined) : undefined}
                onCancel={() => setCityForm(null)}
                onDone={(c) => {
                  setCityForm(null);
                  setChosen(c.id);
                  stop();
                }}
              />
            ) : null}

            {cityId && city ? (
              <>
                <div className="flex flex-wrap gap-2" role="toolbar" aria-label={text.zones}>
                  <Button variant={mode.kind === 'zone' && !draft.zone ? 'primary' : 'outline'} onClick={startDrawing}>
                    {text.modes.draw}
                  </Button>
                  <Button
                    variant={mode.kind === 'test' ? 'primary' : 'outline'}
                    onClick={() => (mode.kind === 'test' ? stop() : (stop(), setMode({ kind: 'test' })))}
                    aria-pressed={mode.kind === 'test'}
                  >
                    {text.modes.test}
                  </Button>
                  {mode.kind === 'zone' && mode.drawing ? (
                    <>
                      <Button variant="outline" onClick={() => setCorners((c) => c.slice(0, -1))} disabled={corners.length === 0}>
                        {text.undo}
                      </Button>
                      <Button
                        variant="outline"
                        onClick={() => {
                          if (corners.length < 3) return toast({ variant: 'destructive', title: text.needThree });
                          setMode({ kind: 'zone', drawing: false });
                          setFocusKey((k) => k + 1);
                        }}
                      >
                        {text.finish}
                      </Button>
                    </>
                  ) : null}
                </div>
                {mode.kind === 'zone' && mode.drawing ? <p className="text-sm text-ink-600">{text.drawHint}</p> : null}

                <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
                  <RideMap
                    key={cityId}
                    label={text.map}
                    className={cn('h-[24rem] rounded-2xl sm:h-[30rem]', mode.kind !== 'idle' && 'cursor-crosshair')}
                    areas={areas}
                    fitOnce
                    center={{ lat: city.center_lat, lng: city.center_lng }}
                    onPick={onPick}
                    pickup={mode.kind === 'test' ? testPoint : null}
                    vertices={
                      mode.kind === 'zone'
                        ? {
                            points: corners,
                            colour: draft.color,
                            label: (i) => text.form.corner(i + 1),
                            onMove: (i, p) => setCorners((c) => c.map((x, k) => (k === i ? [round6(p.lat), round6(p.lng)] : x))),
                          }
                        : null
                    }
                  />
                  <div>
                    {mode.kind === 'zone' ? (
                      <ZoneForm
                        cityId={cityId}
                        draft={draft}
                        onDraft={setDraft}
                        corners={corners}
                        onCorners={setCorners}
                        onDone={stop}
                        onCancel={stop}
                        focusKey={focusKey}
                      />
                    ) : mode.kind === 'test' ? (
                      <TestPointPanel point={testPoint} onPoint={setTestPoint} />
                    ) : (
                      <p className="text-sm text-ink-600">{text.idleHint}</p>
                    )}
                  </div>
                </div>

                <section aria-labelledby="zones-title" className="space-y-3">
                  <h2 id="zones-title" className="text-lg font-semibold text-ink-900">
                    {text.zones}
                  </h2>
                  <QueryView
                    query={zones}
                    loadFailed={text.loadFailed}
                    isEmpty={(zonesData) => zonesData.length === 0}
                    empty={<QueryEmpty>{text.noZones}</QueryEmpty>}
                  >
                    {(zonesData) => (
                      <StaticTable
                        label={text.zones}
                        rows={zonesData}
                        getRowKey={(z) => z.id}
                        columns={[
                          {
                            id: 'name',
                            header: text.columns.name,
                            cell: (z) => (
                              <span className="flex items-center gap-2 font-medium text-ink-900">
                                <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full" style={{ background: z.color }} />
                                {z.name}
                              </span>
                            ),
                          },
                          { id: 'type', header: text.columns.type, className: 'whitespace-nowrap', cell: (z) => zoneTypeLabels[z.type] },
                          { id: 'priority', header: text.columns.priority, align: 'end', cell: (z) => z.priority },
                          {
                            id: 'enabled',
                            header: text.columns.enabled,
                            cell: (z) => <Switch checked={z.enabled} onCheckedChange={(on) => toggle(z, on)} aria-label={text.enabledLabel(z.name)} />,
                          },
                          {
                            id: 'actions',
                            header: text.columns.actions,
                            srOnlyHeader: true,
                            cell: (z) => (
                              <div className="flex justify-end gap-1">
                                <Button variant="ghost" size="sm" onClick={() => startEditing(z)} aria-label={text.editLabel(z.name)}>
                                  {text.edit}
                                </Button>
                                <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setDeleting(z)} aria-label={text.deleteLabel(z.name)}>
                                  {text.delete}
                                </Button>
                              </div>
                            ),
                          },
                        ]}
                      />
                    )}
                  </QueryView>
                </section>

                <ImportExportZones cityId={cityId} />

                <CityPlacesCard key={cityId} cityId={cityId} />
              </>
            ) : null}
          </div>
        )}
      </QueryView>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={text.deleteTitle}
        description={deleting ? text.deleteDescription(deleting.name) : ''}
        confirmLabel={text.deleteConfirm}
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() => {
          const zone = deleting!;
          setDeleting(null);
          if (editingId === zone.id) stop();
          remove.mutate(zone.id, {
            onSuccess: () => toast({ title: text.deleted(zone.name) }),
            onError: (e) => toast({ variant: 'destructive', title: isApiError(e) ? e.message : text.loadFailed }),
          });
        }}
      />
    </PageContainer>
  );
}
