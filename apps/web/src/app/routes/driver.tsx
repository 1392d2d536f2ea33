export { DriverApplicationPage as Component } from '@/features/drivers/components/driver-application-page';
