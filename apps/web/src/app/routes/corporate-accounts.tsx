import { CorporateAccountsPage } from '@/features/corporate/components/corporate-accounts-page';

/**
 * /corporate-accounts (issue 16, decisions 0066 and 0067): platform admins' companies, company admins' people,
 * policy and spending, members' accounts, and invitation links. The billing slice composes a company's
 * invoices here through `invoices` (a render prop given the company and who reads it).
 */
export function Component() {
  return <CorporateAccountsPage invoices={undefined} />;
}
