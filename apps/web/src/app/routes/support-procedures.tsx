import { FaqEditor } from '@/features/help/components/faq-editor';
import { SupportProceduresPage } from '@/features/procedures/components/support-procedures-page';

/** /support-procedures (admins): the procedures feature's page, with the help feature's FAQ editor as its second tab (decision 0056). */
export function Component() {
  return <SupportProceduresPage faqEditor={<FaqEditor />} />;
}
