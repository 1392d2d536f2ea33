export { FinancialSettingsPage as Component } from '@/features/finance/components/financial-settings-page';
