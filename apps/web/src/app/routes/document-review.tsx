export { DocumentReviewPage as Component } from '@/features/compliance/components/document-review-page';
