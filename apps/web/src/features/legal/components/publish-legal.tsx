import { useEffect, useId, useRef, useState } from 'react';
import { legalText } from '@openride/shared/legal/legal-text';
import { LEGAL_KINDS, publishLegalSchema, type LegalKind } from '@openride/shared/legal/schemas';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { type LegalDocuments, useLegalVersions, usePublishLegal } from '../api/legal';

const text = legalText.admin;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Admins: the next version of one document, starting from the text in force; confirmed, then audited on the server. */
export function PublishLegal({ documents }: { documents: LegalDocuments }) {
  const id = useId();
  const form = useZodForm(publishLegalSchema, { defaultValues: { kind: 'terms', body: documents.terms.body } });
  const kind = form.watch('kind');
  // Each document keeps its own draft: another kind chosen, its draft comes back (at first, the text in force).
  const drafts = useRef<Record<LegalKind, string>>({ terms: documents.terms.body, privacy: documents.privacy.body });
  const shown = useRef<LegalKind>(kind);
  useEffect(() => {
    if (shown.current === kind) return;
    drafts.current[shown.current] = form.getValues('body');
    shown.current = kind;
    form.setValue('body', drafts.current[kind]);
  }, [kind, form]);
  const [confirming, setConfirming] = useState<z.output<typeof publishLegalSchema> | null>(null);
  const publish = usePublishLegal();
  const versions = useLegalVersions(true);
  const next = documents[kind].version + 1;

  const onConfirm = () =>
    confirming &&
    publish.mutate(confirming, {
      onSuccess: ({ document }) => {
        setConfirming(null);
        toast({ title: text.published(legalText.names[document.kind], document.version) });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: err.message });
      },
    });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-3xl border border-ink-200 bg-ink-50 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
        {text.title}
      </h2>
      <p className="text-sm text-ink-600">{text.intro}</p>
      <Form form={form} onSubmit={setConfirming} className="space-y-4">
        <FormField name="kind" as="select" label={text.kind}>
          {LEGAL_KINDS.map((k) => (
            <option key={k} value={k}>
              {legalText.names[k]}
            </option>
          ))}
        </FormField>
        <FormField name="body" as="textarea" label={text.body} hint={text.bodyHint} rows={14} />
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? text.publishing : text.publish}
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
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
