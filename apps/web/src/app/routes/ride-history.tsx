export { RideHistoryPage as Component } from '@/features/rides/components/ride-history-page';
