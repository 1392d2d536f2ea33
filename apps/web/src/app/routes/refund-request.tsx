export { RefundRequestPage as Component } from '@/features/refunds/components/refund-request-page';
