/** /about (public; issue 15): what OpenRide is, who runs it here, the source and what is kept. */
export { AboutPage as Component } from '@/features/public/components/about-page';
