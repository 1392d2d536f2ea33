export { CancellationPoliciesPage as Component } from '@/features/cancellation/components/cancellation-policies-page';
