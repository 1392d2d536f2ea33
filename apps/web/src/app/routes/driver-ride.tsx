export { DriverRidePage as Component } from '@/features/driver-rides/components/driver-ride-page';
