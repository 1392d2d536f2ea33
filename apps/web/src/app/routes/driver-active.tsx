export { DriverActivePage as Component } from '@/features/drivers/components/driver-active-page';
