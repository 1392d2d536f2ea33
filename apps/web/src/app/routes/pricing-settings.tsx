import { useMemo } from 'react';
import { pricingText } from '@openride/shared/pricing/pricing-text';
import { PRICING_DEFAULT_CITY } from '@/features/pricing/api/get-fare-policies';
import { PricingSettingsPage } from '@/features/pricing/components/pricing-settings-page';
import { useZones } from '@/features/zones/api/zones';
import { usePageCity } from '@/lib/console-city';

/**
 * /pricing-settings: the pricing feature's page, given the chosen city's pricing zones (id and name) by the
 * zones feature (features never import each other, so the route composes them; docs/architecture.md). The
 * route holds the chosen city so it can ask for that city's zones. A zone that is switched off is still
 * offered (its prices wait for it), marked "(off)". While the zones load, or if they fail, the page still
 * works with the city default and the zones that already have versions.
 */
export function Component() {
  const [cityId, setCityId] = usePageCity(PRICING_DEFAULT_CITY);
  const zones = useZones(cityId);
  const pricingZones = useMemo(
    () => (zones.data ?? []).filter((z) => z.type === 'pricing_zone').map((z) => ({ id: z.id, name: z.enabled ? z.name : pricingText.zoneOff(z.name) })),
    [zones.data],
  );
  return <PricingSettingsPage cityId={cityId} onCityChange={setCityId} zones={pricingZones} />;
}
