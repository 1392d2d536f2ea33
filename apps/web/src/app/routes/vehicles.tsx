export { VehiclesPage as Component } from '@/features/vehicles/components/vehicles-page';
