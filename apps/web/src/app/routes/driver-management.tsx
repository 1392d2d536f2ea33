export { DriverManagementPage as Component } from '@/features/admin/components/driver-management-page';
