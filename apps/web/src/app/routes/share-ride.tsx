export { ShareRidePage as Component } from '@/features/rides/components/share-ride-page';
