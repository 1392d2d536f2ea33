export { DriverPayoutsPage as Component } from '@/features/payouts/components/driver-payouts-page';
