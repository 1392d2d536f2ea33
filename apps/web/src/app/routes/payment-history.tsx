import { PaymentHistoryPage } from '@/features/payment-history/components/payment-history-page';
import { SavedCards } from '@/features/payments/components/saved-cards';

/** /payment-history: the rider's saved cards (Remove, decision 0043), then their payments. */
export function Component() {
  return <PaymentHistoryPage top={<SavedCards />} />;
}
