export { OperatorRidePage as Component } from '@/features/rides/components/operator-ride-page';
