import { useId, useState, type FormEvent } from 'react';
import { importZonesSchema } from '@openride/shared/zones/schemas';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { exportUrl, useImportZones } from '../api/zones';
import { MutationError } from '@/components/ui/query-view';

/** Import a GeoJSON FeatureCollection (a file or pasted) into the city, and export the city's zones. */
export function ImportExportZones({ cityId }: { cityId: string }) {
  const [source, setSource] = useState('');
  const [error, setError] = useState<string | null>(null);
  const importZones = useImportZones();
  const fileId = useId();
  const pasteId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    let collection: unknown;
    try {
      collection = JSON.parse(source);
    } catch {
      return setError(text.importNotJson);
    }
    const parsed = importZonesSchema.safeParse({ city_id: cityId, collection });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError(`${issue.path.slice(1).join('.') || 'collection'}: ${issue.message}`);
    }
    setError(null);
    importZones.mutate(parsed.data, {
      onSuccess: (zones) => {
        toast({ title: text.imported(zones.length) });
        setSource('');
      },
      onError: (e) => setError(isApiError(e) ? e.message : text.loadFailed),
    });
  }

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
      <form onSubmit={submit} className="space-y-3" noValidate>
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
              if (file) setSource(await file.text());
            }}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={pasteId} className="block text-sm font-medium text-ink-800">
            {text.importPaste}
          </label>
          <textarea
            id={pasteId}
            rows={4}
            value={source}
            onChange={(e) => setSource(e.target.value)}
            className="block w-full rounded-xl border border-ink-200 p-3 font-mono text-xs"
            spellCheck={false}
          />
        </div>
        <MutationError error={error}>{error}</MutationError>
        <Button type="submit" variant="outline" disabled={!source.trim() || importZones.isPending}>
          {text.importSubmit}
        </Button>
      </form>
    </section>
  );
}
