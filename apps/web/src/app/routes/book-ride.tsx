import { useSavedPlaces } from '@/features/account/api/account';
import { PaymentPicker, usePaymentPrefetch } from '@/features/payments/components/payment-picker';
import { BookRidePage, type SavedPlaceOption } from '@/features/rides/components/book-ride-page';

/**
 * /book-ride: the rides feature's page with the payments feature's method picker (Cash, saved cards, Add a
 * card, wallet credit; decision 0038) and the account feature's saved places (Home, Work: offered first in
 * both fields; decision 0058), composed here because features never import each other. The rider's cards and
 * wallet start loading with the page, so the picker is complete when the fares arrive.
 */
export function Component() {
  usePaymentPrefetch();
  const places = useSavedPlaces();
  const saved: SavedPlaceOption[] = (places.data ?? []).map((p) => ({ key: `saved:${p.kind}`, icon: p.kind, name: p.address_label, detail: p.label, lat: p.lat, lng: p.lng }));
  return <BookRidePage payment={PaymentPicker} savedPlaces={saved} />;
}
