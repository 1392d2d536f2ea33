export { RefundManagementPage as Component } from '@/features/refunds/components/refund-management-page';
