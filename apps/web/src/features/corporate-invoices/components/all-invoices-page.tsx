import { corporateInvoicesText as text } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { AllInvoicesSection } from './invoices-section';

/** /corporate-accounts/invoices (admins, decision 0070): every company's invoices; /corporate-accounts links here. */
export function AllInvoicesPage() {
  return (
    <PageContainer>
      <PageHeading title={text.allTitle} description={text.allDescription} />
      <AllInvoicesSection />
    </PageContainer>
  );
}
