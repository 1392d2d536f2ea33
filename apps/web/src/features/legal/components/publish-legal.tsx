import { useId, useState } from 'react';
import { legalText } from '@openride/shared/legal/legal-text';
import { LEGAL_KINDS, publishLegalSchema, type LegalKind } from '@openride/shared/legal/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClasses } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { type LegalDocuments, useLegalVersions, usePublishLegal } from '../api/legal';

const text = legalText.admin;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Admins: the next version of one document, starting from the text in force; confirmed, then audited on the server. */
export function PublishLegal({ documents }: { documents: LegalDocuments }) {
  const id = useId();
  const [kind, setKind] = useState<LegalKind>('terms');
  const [drafts, setDrafts] = useState<Record<LegalKind, string>>({ terms: documents.terms.body, privacy: documents.privacy.body });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishLegal();
  const versions = useLegalVersions(true);
  const next = documents[kind].version + 1;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = publishLegalSchema.safeParse({ kind, body: drafts[kind] });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setConfirming(true);
  };

  const onConfirm = () =>
    publish.mutate(
      { kind, body: drafts[kind] },
      {
        onSuccess: ({ document }) => {
          setConfirming(false);
          toast({ title: text.published(legalText.names[document.kind], document.version) });
        },
        onError: (err) => {
          setConfirming(false);
          toast({ variant: 'destructive', title: err.message });
        },
      },
    );

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-3xl border border-ink-200 bg-ink-50 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
        {text.title}
      </h2>
      <p className="text-sm text-ink-600">{text.intro}</p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-ink-800">
            {text.kind}
          </label>
          <select id={`${id}-kind`} className={cn(inputClasses, 'px-2')} value={kind} onChange={(e) => setKind(e.target.value as LegalKind)}>
            {LEGAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {legalText.names[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-body`} className="block text-sm font-medium text-ink-800">
            {text.body}
          </label>
          <textarea
            id={`${id}-body`}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            rows={14}
            className={cn(inputClasses, 'h-auto py-2 font-mono text-sm')}
            value={drafts[kind]}
            onChange={(e) => setDrafts((d) => ({ ...d, [kind]: e.target.value }))}
          />
          <p id={`${id}-hint`} className="text-xs text-ink-600">
            {text.bodyHint}
          </p>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? text.publishing : text.publish}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.confirmTitle(legalText.names[kind], next)}
        description={text.confirmText}
        confirmLabel={text.publish}
        onConfirm={onConfirm}
        busy={publish.isPending}
      />
      <div className="space-y-2">
        <h3 className="font-semibold text-ink-900">{text.history}</h3>
        <QueryView
          query={versions}
          loadFailed={legalText.loadFailed}
          loading={null}
          isEmpty={(data) => data.length === 0}
          empty={<p className="text-sm text-ink-600">{text.noHistory}</p>}
        >
          {(data) => (
            <ul className="space-y-1 text-sm text-ink-700">
              {data.map((v) => (
                <li key={`${v.kind}-${v.version}`}>
                  {legalText.names[v.kind]}: {text.historyRow(v.version, dateOf(v.published_at), v.published_by_name)}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
    </section>
  );
}
