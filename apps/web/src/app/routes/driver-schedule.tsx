export { DriverSchedulePage as Component } from '@/features/schedule/components/driver-schedule-page';
