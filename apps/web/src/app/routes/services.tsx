/** /services (public): the ride types, the cities and a map of their service areas. */
export { ServicesPage as Component } from '@/features/public/components/services-page';
