/** /legal (public; issue 15, decision 0057): the documents in force; admins publish new versions here. */
export { LegalPage as Component } from '@/features/legal/components/legal-page';
