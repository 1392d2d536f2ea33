import { PricingSettingsPage } from '@/features/pricing/components/pricing-settings-page';

/**
 * /pricing-settings. At merge with zones: pass the city's pricing zones here (`zones={…}` from the zones
 * feature's hook: id and name), composed in this route since features never import each other.
 */
export function Component() {
  return <PricingSettingsPage />;
}
