import { Link, useSearchParams } from 'react-router';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { InvitationCard } from './invitation-card';
import type { InvoicesSlot } from './invoices-slot';
import { MyCompanies } from './my-companies';
import { PlatformCompanies } from './platform-companies';

export type { InvoicesSlot } from './invoices-slot';

/**
 * /corporate-accounts (issue 16, decisions 0066 and 0067): one path, three readers. An invitation link
 * (?invite=TOKEN) asks to accept; platform staff who may read companies (decision 0089) list them, and create,
 * edit and suspend them when they may manage them (PlatformCompanies); company admins run
 * their company's people, policy and spending; members see the accounts they ride on.
 */
export function CorporateAccountsPage({ invoices }: { invoices?: InvoicesSlot }) {
  const me = useMe();
  const platform = useCan('company.read');
  const allInvoices = useCan('invoice.read');
  const [params, setParams] = useSearchParams();
  const token = params.get('invite');
  if (me.isPending) return <LoadingScreen />;
  return (
    <PageContainer>
      <PageHeading title={uiText.pages.corporateAccounts.title} description="Companies ride on account: their people, their rules, their spending.">
        {platform && allInvoices ? (
          <Link to="/corporate-accounts/invoices" className={buttonClasses({ variant: 'outline' })}>
            All invoices
          </Link>
        ) : null}
      </PageHeading>
      <div className="space-y-8">
        {token ? <InvitationCard token={token} onDone={() => setParams({}, { replace: true })} /> : null}
        {platform ? <PlatformCompanies invoices={invoices} /> : null}
        <MyCompanies invoices={invoices} quietWhenEmpty={platform} />
      </div>
    </PageContainer>
  );
}
