export { DriverRidePage as Component } from '@/features/rides/components/driver-ride-page';
