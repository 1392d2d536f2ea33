export { StatementPage as Component } from '@/features/payouts/components/statement-page';
