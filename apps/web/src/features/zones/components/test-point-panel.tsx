import { formatMultiplier } from '@openride/shared/surge/surge';
import { z } from 'zod';
import { testPointQuerySchema } from '@openride/shared/zones/schemas';
import { zonesText as text, zoneTypeLabels } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { QueryView } from '@/components/ui/query-view';
import { useTestPoint } from '../api/zones';
import { formatMoney } from '../lib/format';

/** A coordinate as typed: empty is none (refused, not 0), else the server's own field. */
const coordinate = (field: (typeof testPointQuerySchema.shape)['lat' | 'lng']) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), field);
/** The typed point, parsed as the server parses `?lat=&lng=`. */
const pointFormSchema = z.object({ lat: coordinate(testPointQuerySchema.shape.lat), lng: coordinate(testPointQuerySchema.shape.lng) });

/** Test a point: the point (clicked on the map or typed), and what applies there. */
export function TestPointPanel({ point, onPoint }: { point: { lat: number; lng: number } | null; onPoint: (p: { lat: number; lng: number }) => void }) {
  const result = useTestPoint(point);
  const form = useZodForm(pointFormSchema, { defaultValues: { lat: '', lng: '' } });

  return (
    <section aria-labelledby="test-point-title" className="space-y-4">
      <h2 id="test-point-title" className="text-lg font-semibold text-ink-900">
        {text.modes.test}
      </h2>
      <p className="text-sm text-ink-600">{text.test.hint}</p>
      <Form form={form} onSubmit={onPoint} className="grid grid-cols-2 gap-3">
        <FormField name="lat" label={text.test.lat} inputMode="decimal" />
        <FormField name="lng" label={text.test.lng} inputMode="decimal" />
        <Button type="submit" variant="outline" size="sm" className="col-span-2">
          {text.test.submit}
        </Button>
      </Form>
      {!point ? null : (
        <QueryView query={result} loadFailed={text.test.failed}>
          {(r) => (
            <div
              role="region"
              aria-labelledby="test-result-title"
              aria-live="polite"
              className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4 text-sm"
            >
              <h3 id="test-result-title" className="font-semibold text-ink-900">
                {text.test.title} ({r.point.lat.toFixed(5)}, {r.point.lng.toFixed(5)})
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-ink-600">{text.test.city}</dt>
                <dd className="font-medium text-ink-900">{r.city ? `${r.city.name} (${r.city.currency}, ${r.city.timezone})` : text.test.noCity}</dd>
                <dt className="text-ink-600">{text.test.serviceArea}</dt>
                <dd className="text-ink-900">{r.service_area?.name ?? text.test.none}</dd>
                <dt className="text-ink-600">{text.test.pricingZone}</dt>
                <dd className="text-ink-900">{r.pricing_zone?.name ?? text.test.none}</dd>
              </dl>
              {r.restricted ? <p className="font-medium text-red-700">{text.test.restricted}</p> : null}
              <div>
                <h4 className="font-medium text-ink-800">{text.test.zones}</h4>
                {r.zones.length ? (
                  <ul className="mt-1 space-y-1">
                    {r.zones.map((z) => (
                      <li key={z.id} className="flex items-center gap-2">
                        <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: z.color }} />
                        {z.name} · {zoneTypeLabels[z.type]} · {z.priority}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-ink-600">{text.test.none}</p>
                )}
              </div>
              {r.city && r.fares.length ? (
                <div>
                  <h4 className="font-medium text-ink-800">{text.test.fares(r.reference_trip.distance_m / 1000, r.reference_trip.duration_s / 60)}</h4>
                  <ul className="mt-1 space-y-1">
                    {r.fares.map((f) => (
                      <li key={f.ride_type} className="flex justify-between gap-2">
                        <span>{f.name}</span>
                        <span className="font-semibold tabular-nums">{formatMoney(f.fare_cents, r.city!.currency)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-2 text-xs text-ink-600">{text.test.surge(formatMultiplier(r.surge?.multiplier_tenths ?? 10), r.surge?.zone_name ?? null)}</p>
                </div>
              ) : null}
            </div>
          )}
        </QueryView>
      )}
    </section>
  );
}
