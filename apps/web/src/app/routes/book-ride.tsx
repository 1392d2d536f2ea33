import { PaymentPicker, usePaymentPrefetch } from '@/features/payments/components/payment-picker';
import { BookRidePage } from '@/features/rides/components/book-ride-page';

/**
 * /book-ride: the rides feature's page with the payments feature's method picker (Cash, saved cards, Add a
 * card, wallet credit; decision 0038), composed here because features never import each other. The rider's
 * cards and wallet start loading with the page, so the picker is complete when the fares arrive.
 */
export function Component() {
  usePaymentPrefetch();
  return <BookRidePage payment={PaymentPicker} />;
}
