export { PaymentHistoryPage as Component } from '@/features/payment-history/components/payment-history-page';
