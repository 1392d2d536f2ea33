import { legalText } from '@openride/shared/legal/legal-text';
import { LEGAL_KINDS } from '@openride/shared/legal/schemas';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { useCan } from '@/lib/staff';
import { useLegalDocuments } from '../api/legal';
import { LegalDocumentView } from './legal-document';
import { PublishLegal } from './publish-legal';

/**
 * /legal (public; issue 15, decision 0057): the Terms of Service and the Privacy Policy in force. Staff who may
 * publish them (decision 0089) also publish new versions here (the server refuses anyone else).
 */
export function LegalPage() {
  const docs = useLegalDocuments();
  const publisher = useCan('legal.publish');

  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={legalText.title} description={legalText.description} />
      <QueryView query={docs} loadFailed={legalText.loadFailed}>
        {(docsData) => (
          <div className="space-y-12">
            <nav aria-label={legalText.contents}>
              <ul className="flex flex-wrap gap-3">
                {LEGAL_KINDS.map((kind) => (
                  <li key={kind}>
                    <a
                      href={`#${legalText.anchors[kind]}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-ink-200 px-4 font-semibold text-brand-700 hover:bg-ink-50"
                    >
                      {legalText.names[kind]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {publisher ? <PublishLegal documents={docsData} /> : null}
            {LEGAL_KINDS.map((kind) => (
              <LegalDocumentView key={kind} document={docsData[kind]} />
            ))}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}
