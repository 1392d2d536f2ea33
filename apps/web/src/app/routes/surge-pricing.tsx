export { SurgePricingPage as Component } from '@/features/surge/components/surge-pricing-page';
