export { TrackRidePage as Component } from '@/features/rides/components/track-ride-page';
