export { InsuranceVerificationPage as Component } from '@/features/compliance/components/insurance-verification-page';
