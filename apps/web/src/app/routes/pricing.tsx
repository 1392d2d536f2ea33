import { PlaceField } from '@/features/rides/components/place-field';
import { PricingPage } from '@/features/public/components/pricing-page';
import type { PlaceInputProps } from '@/features/public/components/fare-estimator';
import { useAppConfig } from '@/lib/app-config';

/**
 * The rides feature's place search (offline gazetteer, then the configured geocoder) as the pricing page's
 * place input: composed here, since features never import each other.
 */
function RidePlaceInput({ onChoose, ...props }: PlaceInputProps) {
  const config = useAppConfig();
  return <PlaceField {...props} geocoderUrl={config.data?.geocoder_url ?? null} onChoose={(s) => onChoose({ lat: s.lat, lng: s.lng, label: s.name })} />;
}

/** /pricing (public): fares from the policies in force, a fare estimator, surge and cancellation rules. */
export function Component() {
  return <PricingPage placeInput={RidePlaceInput} />;
}
