/** /safety (public; issue 15): the safety features this service has. */
export { SafetyPage as Component } from '@/features/public/components/safety-page';
