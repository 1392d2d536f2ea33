export { ContactPage as Component } from '@/features/support/components/contact-page';
