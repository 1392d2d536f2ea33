export { ReceiptPage as Component } from '@/features/payment-history/components/receipt-page';
