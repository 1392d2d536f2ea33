import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { cancellationText as text } from '@openride/shared/cancellation/cancellation-text';
import { RIDE_TYPE_NAMES, RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type CancellationPolicyView, useAddZonePolicy, type useCityZones } from '../api/cancellation-policies';

export type ZoneName = { id: string; name: string };

/** The choice of a pricing zone and a ride type that has no terms of its own there yet; added as a copy of the city default. */
export function AddZoneTerms({
  cityName,
  cityId,
  zones,
  pricingZones,
  policies,
  onDone,
}: {
  cityName: string;
  cityId: string;
  zones: ReturnType<typeof useCityZones>;
  pricingZones: ZoneName[];
  policies: CancellationPolicyView[];
  onDone: () => void;
}) {
  const add = useAddZonePolicy();
  const zoneField = useId();
  const typeField = useId();
  const titleId = useId();
  const [zoneId, setZoneId] = useState('');
  const zone = zoneId || pricingZones[0]?.id || '';
  const freeTypes = RIDE_TYPES.filter((t) => !policies.some((p) => p.zone_id === zone && p.ride_type === t));
  const [rideType, setRideType] = useState<RideType | ''>('');
  const type = rideType && freeTypes.includes(rideType) ? rideType : (freeTypes[0] ?? '');
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), [zones.isSuccess]);
  const failure = add.error ? (isApiError(add.error) && add.error.message ? add.error.message : text.addFailed) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!zone || !type) return;
    const name = pricingZones.find((z) => z.id === zone)?.name ?? text.unknownZone;
    add.mutate(
      { city_id: cityId, zone_id: zone, ride_type: type },
      {
        onSuccess: () => {
          toast({ title: text.added(RIDE_TYPE_NAMES[type], name) });
          onDone();
        },
      },
    );
  };
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <h3 id={titleId} className="text-lg font-semibold text-ink-900">
        {text.addZoneTitle(cityName)}
      </h3>
      <QueryView
        query={zones}
        loadFailed={text.zonesFailed}
        isEmpty={() => pricingZones.length === 0}
        empty={<p className="text-sm text-ink-600">{text.noPricingZones}</p>}
      >
        {(_zones) => (
          <form noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-4">
            <p className="text-sm text-ink-600">{text.addZoneHint}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <label htmlFor={zoneField} className="block text-sm font-medium text-ink-800">
                  {text.zone}
                </label>
                <select ref={first} id={zoneField} className={inputClasses} value={zone} onChange={(e) => setZoneId(e.target.value)}>
                  {pricingZones.map((z) => (
                    <option key={z.id} value={z.id}>
                      {z.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1.5">
                <label htmlFor={typeField} className="block text-sm font-medium text-ink-800">
                  {text.rideTypeField}
                </label>
                <select
                  id={typeField}
                  className={inputClasses}
                  value={type}
                  disabled={freeTypes.length === 0}
                  onChange={(e) => setRideType(e.target.value as RideType)}
                >
                  {freeTypes.map((t) => (
                    <option key={t} value={t}>
                      {RIDE_TYPE_NAMES[t]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {freeTypes.length === 0 ? <p className="text-sm text-ink-600">{text.zoneComplete}</p> : null}
            <MutationError error={failure}>{failure}</MutationError>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={add.isPending || !type}>
                {add.isPending ? text.adding : text.add}
              </Button>
              <Button type="button" variant="outline" onClick={onDone}>
                {text.cancel}
              </Button>
            </div>
          </form>
        )}
      </QueryView>
      {zones.isPending || zones.isError || pricingZones.length === 0 ? (
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
      ) : null}
    </section>
  );
}
