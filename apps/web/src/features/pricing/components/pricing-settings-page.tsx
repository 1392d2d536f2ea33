import { useId, useMemo, useState } from 'react';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import type { FarePolicy } from '@openride/shared/pricing/views';
import { RIDE_TYPES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { CityPicker } from '@/components/ui/city-picker';
import { PRICING_DEFAULT_CITY, useFarePolicies } from '../api/get-fare-policies';
import { scopeLabel } from '../lib/policy-format';
import { RideTypePolicy } from './ride-type-policy';
import { SimulatePanel } from './simulate-panel';

export type PricingZone = { id: string; name: string };

/**
 * /pricing-settings (admins): per ride type, the fare policy in force for the chosen scope (the city default
 * or a pricing zone), Edit (a new version, now or later), the history with what changed, and the fare
 * simulator. `zones`: the chosen city's pricing zones, given by the route (`app/routes/pricing-settings.tsx`
 * reads them from the zones feature); the scope picker offers the city default, each of them, and any zone
 * that already has versions. The route holds the chosen city when it passes `cityId` and `onCityChange`
 * (so it can fetch that city's zones); without them the page keeps it itself.
 */
export function PricingSettingsPage({
  zones = [],
  defaultCity = PRICING_DEFAULT_CITY,
  cityId: chosenCity,
  onCityChange,
}: {
  zones?: readonly PricingZone[];
  defaultCity?: string;
  cityId?: string;
  onCityChange?: (cityId: string) => void;
}) {
  const [ownCity, setOwnCity] = useState(defaultCity);
  const cityId = chosenCity ?? ownCity;
  const setCityId = (id: string) => (onCityChange ? onCityChange(id) : setOwnCity(id));
  const [scope, setScope] = useState<string | null>(null);
  const query = useFarePolicies(cityId);
  const scopeField = useId();

  const scopes = useMemo(() => {
    const ids = new Set<string>(zones.map((z) => z.id));
    for (const p of query.data?.history ?? []) if (p.zone_id) ids.add(p.zone_id);
    return [...ids];
  }, [zones, query.data]);

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.pricingSettings.title} description={text.description} />
      <QueryView query={query} loadFailed={text.loadFailed}>
        {(data) => (
          <div className="space-y-8">
            <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
              <CityPicker
                label={text.city}
                cities={data.cities}
                value={cityId}
                onChange={(id) => {
                  setCityId(id);
                  setScope(null);
                }}
              />
              <div className="space-y-1.5">
                <label htmlFor={scopeField} className="block text-sm font-medium text-ink-800">
                  {text.scope}
                </label>
                <select id={scopeField} className={inputClasses} value={scope ?? ''} onChange={(e) => setScope(e.target.value || null)}>
                  <option value="">{text.cityDefault}</option>
                  {scopes.map((id) => (
                    <option key={id} value={id}>
                      {scopeLabel(id, zones)}
                    </option>
                  ))}
                </select>
              </div>
            </div>

            {data.history.length === 0 ? <QueryEmpty>{text.empty}</QueryEmpty> : null}

            <div className="grid gap-6 lg:grid-cols-3">
              {RIDE_TYPES.map((rideType) => (
                <RideTypePolicy
                  key={`${cityId}-${scope ?? ''}-${rideType}`}
                  cityId={cityId}
                  currency={data.city.currency}
                  rideType={rideType}
                  scope={scope}
                  zones={zones}
                  versions={data.history.filter((p: FarePolicy) => p.ride_type === rideType)}
                />
              ))}
            </div>

            <SimulatePanel cityId={cityId} currency={data.city.currency} timeZone={data.city.time_zone} scopes={scopes} zones={zones} />
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}
