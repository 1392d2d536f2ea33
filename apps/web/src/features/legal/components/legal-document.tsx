import { legalBlocks } from '@openride/shared/legal/legal-blocks';
import { legalText } from '@openride/shared/legal/legal-text';
import type { LegalDocument } from '../api/legal';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** One document as its blocks (headings, paragraphs, lists): text only, never HTML. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const id = legalText.anchors[document.kind];
  return (
    <article aria-labelledby={id} className="scroll-mt-24 space-y-4">
      <div className="space-y-1">
        <h2 id={id} className="scroll-mt-24 text-2xl font-bold tracking-tight text-ink-900">
          {legalText.names[document.kind]}
        </h2>
        <p className="text-sm text-ink-600">{legalText.version(document.version, dateOf(document.published_at))}</p>
      </div>
      {legalBlocks(document.body).map((block, i) =>
        block.type === 'heading' ? (
          <h3 key={i} className="pt-2 text-lg font-semibold text-ink-900">
            {block.text}
          </h3>
        ) : block.type === 'list' ? (
          <ul key={i} className="list-disc space-y-1 pl-6 text-ink-700">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i} className="text-ink-700">
            {block.text}
          </p>
        ),
      )}
    </article>
  );
}
