export { DriverDetailPage as Component } from '@/features/admin/components/driver-detail-page';
