export { FinancialDashboardPage as Component } from '@/features/finance/components/financial-dashboard-page';
