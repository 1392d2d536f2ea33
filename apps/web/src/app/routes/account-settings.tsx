import { AccountSettingsPage } from '@/features/account/components/account-settings-page';
import type { AccountPlaceInputProps } from '@/features/account/components/places-section';
import { PrivacySections } from '@/features/privacy/components/privacy-sections';
import { PlaceField } from '@/features/rides/components/place-field';
import { useAppConfig } from '@/lib/app-config';

/**
 * The rides feature's place search (offline gazetteer, then the configured geocoder) as the saved places'
 * input: composed here, since features never import each other.
 */
function RidePlaceInput({ onChoose, ...props }: AccountPlaceInputProps) {
  const config = useAppConfig();
  return (
    <PlaceField
      {...props}
      marker="destination"
      geocoderUrl={config.data?.geocoder_url ?? null}
      onChoose={(s) => onChoose({ lat: s.lat, lng: s.lng, label: s.name })}
    />
  );
}

/**
 * /account-settings (signed-in riders, drivers and admins). `privacy` is the privacy feature's "Download my
 * data" and "Delete account" sections.
 */
export function Component() {
  return <AccountSettingsPage placeInput={RidePlaceInput} privacy={<PrivacySections />} />;
}
