export { DriverEarningsPage as Component } from '@/features/payouts/components/driver-earnings-page';
