export { AllInvoicesPage as Component } from '@/features/corporate-invoices/components/all-invoices-page';
