export { BookingManagementPage as Component } from '@/features/rides/components/booking-management-page';
