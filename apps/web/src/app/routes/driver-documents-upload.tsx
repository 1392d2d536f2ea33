export { DriverDocumentsPage as Component } from '@/features/compliance/components/driver-documents-page';
