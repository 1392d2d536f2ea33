import { useId, useState } from 'react';
import { createCityPlaceSchema, PLACE_KINDS } from '@openride/shared/places/schemas';
import { placeKindLabels, placesText as text } from '@openride/shared/places/places-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { QueryEmpty } from '@/components/ui/query-state';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { StaticTable } from '@/components/ui/static-table';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type CityPlace, useCityPlaces, useDeleteCityPlace, useImportCityPlaces, useSaveCityPlace } from '../api/city-places';

type Editing = { place: CityPlace | null } | null;

/** Every bad row an import was refused for (the server's `details.rows`), else nothing. */
function badRows(error: unknown): { row: number; message: string }[] {
  if (!isApiError(error)) return [];
  const rows = (error.body as { error?: { details?: { rows?: unknown } } } | undefined)?.error?.details?.rows;
  return Array.isArray(rows) ? (rows as { row: number; message: string }[]) : [];
}

/**
 * /geofence-management's Places card (issue 30 §5, decision 0096): the city's airports, stations and landmarks
 * that its riders' place search suggests; added and edited in the kit's form dialog, deleted after a
 * confirmation, imported from a CSV or GeoJSON file all or nothing.
 */
export function CityPlacesCard({ cityId }: { cityId: string }) {
  const places = useCityPlaces(cityId);
  const save = useSaveCityPlace(cityId);
  const remove = useDeleteCityPlace();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CityPlace | null>(null);
  const place = editing?.place ?? null;

  return (
    <SectionCard
      id="places-title"
      title={text.title}
      hint={text.hint}
      actions={
        <Button variant="outline" onClick={() => setEditing({ place: null })}>
          {text.add}
        </Button>
      }
    >
      <div className="space-y-4">
        <QueryView query={places} loadFailed={text.loadFailed} isEmpty={(rows) => rows.length === 0} empty={<QueryEmpty>{text.none}</QueryEmpty>}>
          {(rows) => (
            <StaticTable
              label={text.title}
              rows={rows}
              getRowKey={(p) => p.id}
              columns={[
                { id: 'name', header: text.columns.name, cell: (p) => <span className="font-medium text-ink-900">{p.name}</span> },
                { id: 'area', header: text.columns.area, cell: (p) => p.area },
                { id: 'kind', header: text.columns.kind, className: 'whitespace-nowrap', cell: (p) => placeKindLabels[p.kind] },
                { id: 'position', header: text.columns.position, className: 'whitespace-nowrap tabular-nums', cell: (p) => `${p.lat}, ${p.lng}` },
                {
                  id: 'actions',
                  header: text.columns.actions,
                  srOnlyHeader: true,
                  cell: (p) => (
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing({ place: p })} aria-label={text.editLabel(p.name)}>
                        {text.edit}
                      </Button>
                      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setDeleting(p)} aria-label={text.deleteLabel(p.name)}>
                        {text.delete}
                      </Button>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
        <ImportPlaces cityId={cityId} />
      </div>

      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={place ? text.editTitle(place.name) : text.addTitle}
        schema={createCityPlaceSchema}
        defaultValues={
          place
            ? { name: place.name, area: place.area, kind: place.kind, lat: String(place.lat), lng: String(place.lng) }
            : { name: '', area: '', kind: 'landmark', lat: '', lng: '' }
        }
        onSubmit={(values) => save.mutateAsync(place ? { id: place.id, ...values } : values)}
        onSuccess={(saved) => toast({ title: (place ? text.saved : text.added)((saved as CityPlace).name) })}
        submitLabel={text.save}
        pendingLabel={text.saving}
        cancelLabel={text.cancel}
        errorFallback={text.saveFailed}
      >
        <FormField name="name" label={text.fields.name} autoComplete="off" />
        <FormField name="area" label={text.fields.area} hint={text.fields.areaHint} autoComplete="off" />
        <FormField name="kind" as="select" label={text.fields.kind}>
          {PLACE_KINDS.map((k) => (
            <option key={k} value={k}>
              {placeKindLabels[k]}
            </option>
          ))}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField name="lat" label={text.fields.lat} inputMode="decimal" autoComplete="off" />
          <FormField name="lng" label={text.fields.lng} inputMode="decimal" autoComplete="off" />
        </div>
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={text.deleteTitle}
        description={deleting ? text.deleteDescription(deleting.name) : ''}
        confirmLabel={text.deleteConfirm}
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() => {
          const gone = deleting!;
          setDeleting(null);
          remove.mutate(gone.id, {
            onSuccess: () => toast({ title: text.deleted(gone.name) }),
            onError: (e) => toast({ variant: 'destructive', title: isApiError(e) ? e.message : text.loadFailed }),
          });
        }}
      />
    </SectionCard>
  );
}

/** A CSV or GeoJSON file (told apart by its name, else by a leading `{`), sent whole: the server refuses it whole or takes it all. */
function ImportPlaces({ cityId }: { cityId: string }) {
  const importPlaces = useImportCityPlaces(cityId);
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const fileId = useId();
  const rows = badRows(importPlaces.error);

  const submit = async () => {
    if (!file) return;
    const content = await file.text();
    const format = /\.(geo)?json$/i.test(file.name) || content.trimStart().startsWith('{') ? 'geojson' : 'csv';
    importPlaces.mutate(
      { format, text: content },
      {
        onSuccess: (items) => {
          toast({ title: text.imported(items.length) });
          setFile(null);
          setInputKey((k) => k + 1);
        },
      },
    );
  };

  return (
    <div className="space-y-3 border-t border-ink-100 pt-4">
      <h3 className="text-base font-semibold text-ink-900">{text.importTitle}</h3>
      <p className="text-sm text-ink-600">{text.importHint}</p>
      <div className="space-y-1.5">
        <label htmlFor={fileId} className="block text-sm font-medium text-ink-800">
          {text.importFile}
        </label>
        <input
          key={inputKey}
          id={fileId}
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
          className="block w-full text-sm"
          onChange={(e) => {
            importPlaces.reset();
            setFile(e.target.files?.[0] ?? null);
          }}
        />
      </div>
      <MutationError error={importPlaces.error} fallback={text.importFailed} />
      {rows.length > 1 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-red-800">
          {rows.map((r) => (
            <li key={r.row}>{text.badRow(r.row, r.message)}</li>
          ))}
        </ul>
      ) : null}
      <Button variant="outline" onClick={() => void submit()} disabled={!file || importPlaces.isPending}>
        {importPlaces.isPending ? text.importing : text.importSubmit}
      </Button>
    </div>
  );
}
