import { CorporateAccountsPage } from '@/features/corporate/components/corporate-accounts-page';
import { InvoicesSection } from '@/features/corporate-invoices/components/invoices-section';

/**
 * /corporate-accounts (issue 16, decisions 0066, 0067 and 0070): platform admins' companies, company admins'
 * people, policy and spending, members' accounts, and invitation links; each company's invoices (the billing
 * feature) composed into both company views — only platform admins mark one paid.
 */
export function Component() {
  return <CorporateAccountsPage invoices={(company, reader) => <InvoicesSection companyId={company.id} canMarkPaid={reader === 'platform_admin'} />} />;
}
