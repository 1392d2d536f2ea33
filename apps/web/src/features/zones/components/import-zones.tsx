import { useId } from 'react';
import { z } from 'zod';
import { importZonesSchema } from '@openride/shared/zones/schemas';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { exportUrl, useImportZones } from '../api/zones';

/**
 * The pasted (or read) GeoJSON → the server's `importZonesSchema` collection: not JSON, or its first problem
 * ("features.0.properties.name: Give the zone a name."), is said under the box.
 */
const importFormSchema = z.object({
  source: z.string().transform((source, ctx) => {
    let collection: unknown;
    try {
      collection = JSON.parse(source);
    } catch {
      ctx.addIssue({ code: 'custom', message: text.importNotJson });
      return z.NEVER;
    }
    const parsed = importZonesSchema.shape.collection.safeParse(collection);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'collection'}: ${issue.message}` });
    return z.NEVER;
  }),
});

/** Import a GeoJSON FeatureCollection (a file or pasted) into the city, and export the city's zones. */
export function ImportExportZones({ cityId }: { cityId: string }) {
  const importZones = useImportZones();
  const form = useZodForm(importFormSchema, { defaultValues: { source: '' } });
  const source = form.watch('source');
  const fileId = useId();

  return (
    <section aria-labelledby="import-title" className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-title" className="text-lg font-semibold text-ink-900">
          {text.importTitle}
        </h2>
        <a href={exportUrl(cityId)} download={`zones-${cityId}.geojson`} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {text.export}
        </a>
      </div>
      <p className="text-sm text-ink-600">{text.importHint}</p>
      <Form
        form={form}
        className="space-y-3"
        onSubmit={({ source: collection }) =>
          importZones.mutate(importZonesSchema.parse({ city_id: cityId, collection }), {
            onSuccess: (zones) => {
              toast({ title: text.imported(zones.length) });
              form.reset({ source: '' });
            },
          })
        }
      >
        {/* The file only fills the box below: it is read, not a field of its own. */}
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-ink-800">
            {text.importFile}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            className="block w-full text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) form.setValue('source', await file.text(), { shouldDirty: true });
            }}
          />
        </div>
        <FormField name="source" as="textarea" label={text.importPaste} rows={4} spellCheck={false} style={{ fontFamily: 'var(--font-mono, monospace)' }} />
        <MutationError error={importZones.error} fallback={text.loadFailed} />
        <Button type="submit" variant="outline" disabled={!source.trim() || importZones.isPending}>
          {text.importSubmit}
        </Button>
      </Form>
    </section>
  );
}
