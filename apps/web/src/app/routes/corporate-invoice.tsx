export { InvoicePage as Component } from '@/features/corporate-invoices/components/invoice-page';
