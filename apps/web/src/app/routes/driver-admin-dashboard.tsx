export { DriverDashboardPage as Component } from '@/features/analytics/components/driver-dashboard-page';
