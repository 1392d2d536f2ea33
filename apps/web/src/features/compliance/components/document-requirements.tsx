import { documentText } from '@openride/shared/compliance/compliance-text';
import { DOCUMENT_SIDES, type DocumentSides, type DocumentTypeInput, documentTypesInputSchema } from '@openride/shared/compliance/schemas';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { inputClasses } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { StaticTable } from '@/components/ui/static-table';
import { cn } from '@/lib/cn';
import { type CityDocumentTypes, useDocumentTypes, useSetDocumentTypes } from '../api/documents';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCity } from '@/lib/console-city';

const text = documentText.admin;

/**
 * Each city's five kinds (decision 0051): required before going online, expiry date, one picture or front
 * and back. Saved as a whole (audited); a kind newly required holds the city's drivers who lack it at once.
 */
export function DocumentRequirements() {
  const cities = useAdminCities();
  const [cityId, setPicked] = usePageCity(cities.data?.[0]?.id ?? null);
  const types = useDocumentTypes(cityId);
  return (
    <section aria-labelledby="document-requirements-title" className="mt-10 rounded-3xl border border-ink-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="document-requirements-title" className="text-lg font-semibold text-ink-900">
            {text.requirementsTitle}
          </h2>
          <p className="text-sm text-ink-600">{text.requirementsIntro}</p>
        </div>
        {cities.data && cities.data.length > 0 ? (
          <CityPicker className="w-full sm:w-48" label={text.city} cities={cities.data} value={cityId ?? ''} onChange={setPicked} />
        ) : null}
      </div>
      {cityId ? (
        <QueryView query={types} loadFailed={text.loadFailed}>
          {(data) => <RequirementsForm key={`${cityId}:${data.types.map((t) => t.updated_at).join()}`} cityId={cityId} current={data} />}
        </QueryView>
      ) : (
        // No city to show yet: the cities' own failure (and its Try again), else nothing.
        <QueryView query={cities} loadFailed={text.loadFailed} loading={null}>
          {() => null}
        </QueryView>
      )}
    </section>
  );
}

/** The city's kinds as the server's schema takes them (the city is the picker's, outside the form). */
const requirementsForm = documentTypesInputSchema.pick({ types: true });

function RequirementsForm({ cityId, current }: { cityId: string; current: CityDocumentTypes }) {
  const save = useSetDocumentTypes(cityId);
  const form = useZodForm(requirementsForm, {
    defaultValues: { types: current.types.map((t) => ({ kind: t.kind, required: t.required, expiry_required: t.expiry_required, sides: t.sides })) },
  });
  const types = form.watch('types');
  const rows = types.map((t, i) => ({ ...t, label: current.types[i]!.label }));
  const update = (kind: string, patch: Partial<DocumentTypeInput>) =>
    form.setValue(
      'types',
      types.map((row) => (row.kind === kind ? { ...row, ...patch } : row)),
    );
  return (
    <Form
      form={form}
      onSubmit={(input) => save.mutate({ city_id: cityId, ...input }, { onSuccess: () => toast({ title: text.requirementsSaved }) })}
      className="space-y-4"
    >
      <StaticTable
        label={text.title}
        variant="plain"
        rows={rows}
        getRowKey={(row) => row.kind}
        columns={[
          {
            id: 'kind',
            header: text.kind,
            rowHeader: true,
            cell: (row) => (
              <>
                {row.label}
                {row.kind === 'insurance' ? <span className="block text-xs font-normal text-ink-500">{text.insuranceNote}</span> : null}
                {/* On a phone the pictures' select goes under the name (the column is hidden). */}
                <SidesSelect row={row} onChange={(sides) => update(row.kind, { sides })} className="mt-2 sm:hidden" />
              </>
            ),
          },
          {
            id: 'required',
            header: text.requiredLabel,
            cell: (row) => (
              <input
                type="checkbox"
                className="size-5 accent-ink-900"
                checked={row.required}
                aria-label={`${text.requiredLabel}: ${row.label}`}
                onChange={(e) => update(row.kind, { required: e.target.checked })}
              />
            ),
          },
          {
            id: 'expiry',
            header: text.expiryLabel,
            cell: (row) => (
              <input
                type="checkbox"
                className="size-5 accent-ink-900"
                checked={row.expiry_required}
                aria-label={`${text.expiryLabel}: ${row.label}`}
                onChange={(e) => update(row.kind, { expiry_required: e.target.checked })}
              />
            ),
          },
          {
            id: 'sides',
            header: text.sidesLabel,
            className: 'hidden sm:table-cell',
            cell: (row) => <SidesSelect row={row} onChange={(sides) => update(row.kind, { sides })} />,
          },
        ]}
      />
      <MutationError error={save.error} fallback={text.loadFailed} />
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {text.saveRequirements}
      </Button>
    </Form>
  );
}

function SidesSelect({
  row,
  onChange,
  className,
}: {
  row: DocumentTypeInput & { label: string };
  onChange: (sides: DocumentSides) => void;
  className?: string;
}) {
  return (
    <select
      className={cn(inputClasses, 'h-10 w-full min-w-28 px-2 text-sm font-normal', className)}
      value={row.sides}
      aria-label={`${text.sidesLabel}: ${row.label}`}
      onChange={(e) => onChange(e.target.value as DocumentSides)}
    >
      {DOCUMENT_SIDES.map((s) => (
        <option key={s} value={s}>
          {documentText.sides[s]}
        </option>
      ))}
    </select>
  );
}
