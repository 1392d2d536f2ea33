import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { helpText } from '@openride/shared/help/help-text';
import { FAQ_TOPICS, type FaqEntryInput, faqEntryInputSchema, type FaqTopic, faqTopicLabels } from '@openride/shared/help/schemas';
import type { FaqEntryView, FaqTopicView } from '@openride/shared/help/views';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useCreateFaqEntry, useDeleteFaqEntry, useEditorFaq, useMoveFaqEntry, useUpdateFaqEntry } from '../api/faq';

const text = helpText.editor;

/**
 * The help center's editor for admins (a tab of /support-procedures, decision 0056): every topic's questions in
 * order, with Add, Edit, Delete (confirmed) and Move up / Move down. Audited on the server; /help shows the
 * change within a minute (its cache).
 */
export function FaqEditor() {
  const faq = useEditorFaq();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-ink-900">
            {text.title}
          </h2>
          <p className="text-sm text-ink-600">{text.intro}</p>
        </div>
        <Link to={paths.help} className="text-sm font-semibold text-brand-700 underline">
          {text.viewPage}
        </Link>
      </div>
      <QueryView query={faq} loadFailed={helpText.loadFailed}>
        {(faqData) => faqData.topics.map((topic) => <TopicSection key={topic.id} topic={topic} />)}
      </QueryView>
    </section>
  );
}

function TopicSection({ topic }: { topic: FaqTopicView }) {
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {topic.label}
      </h3>
      {topic.entries.length === 0 ? <p className="text-sm text-ink-600">{text.emptyTopic}</p> : null}
      <ol className="divide-y divide-ink-100">
        {topic.entries.map((entry, i) => (
          <li key={entry.id} className="py-3">
            <EntryRow entry={entry} first={i === 0} last={i === topic.entries.length - 1} onRemoved={() => addRef.current?.focus()} />
          </li>
        ))}
      </ol>
      {adding ? (
        <EntryForm
          title={text.addTo(topic.label)}
          initial={{ topic: topic.id, question: '', answer: '' }}
          onDone={() => {
            setAdding(false);
            requestAnimationFrame(() => addRef.current?.focus());
          }}
        />
      ) : (
        <Button ref={addRef} variant="outline" size="sm" aria-label={text.addTo(topic.label)} onClick={() => setAdding(true)}>
          {text.add}
        </Button>
      )}
    </section>
  );
}

function EntryRow({ entry, first, last, onRemoved }: { entry: FaqEntryView; first: boolean; last: boolean; onRemoved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useDeleteFaqEntry();
  const move = useMoveFaqEntry();
  const editRef = useRef<HTMLButtonElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const doMove = (direction: 'up' | 'down') =>
    move.mutate(
      { id: entry.id, move: { direction } },
      {
        // The row is re-rendered at its new place: the same button keeps the focus there (or its twin when it is now disabled).
        onSuccess: () =>
          requestAnimationFrame(() => {
            const row = document.querySelector<HTMLElement>(`[data-faq-entry="${entry.id}"]`);
            const same = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
            (same && !same.disabled ? same : row?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
          }),
        onError: () => toast({ title: text.moveFailed, variant: 'destructive' }),
      },
    );
  if (editing)
    return (
      <EntryForm
        title={text.editLabel(entry.question)}
        entryId={entry.id}
        initial={{ topic: entry.topic, question: entry.question, answer: entry.answer }}
        onDone={() => {
          setEditing(false);
          requestAnimationFrame(() => editRef.current?.focus());
        }}
      />
    );
  return (
    <div ref={rowRef} data-faq-entry={entry.id} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-ink-900">{entry.question}</p>
        <p className="line-clamp-2 text-sm text-ink-600">{entry.answer}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Button
          variant="outline"
          size="icon"
          data-move="up"
          aria-label={text.moveUp(entry.question)}
          title={text.moveUp(entry.question)}
          disabled={first || move.isPending}
          onClick={() => doMove('up')}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          data-move="down"
          aria-label={text.moveDown(entry.question)}
          title={text.moveDown(entry.question)}
          disabled={last || move.isPending}
          onClick={() => doMove('down')}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
        <Button ref={editRef} variant="outline" size="sm" aria-label={text.editLabel(entry.question)} onClick={() => setEditing(true)}>
          {text.edit}
        </Button>
        <Button variant="outline" size="sm" aria-label={text.removeLabel(entry.question)} onClick={() => setRemoving(true)}>
          {text.remove}
        </Button>
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={text.removeTitle}
        description={
          remove.error ? (isApiError(remove.error) && remove.error.message ? remove.error.message : text.saveFailed) : text.removeText(entry.question)
        }
        confirmLabel={text.removeConfirm}
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(entry.id, {
            onSuccess: () => {
              setRemoving(false);
              toast({ title: text.removed });
              onRemoved();
            },
          })
        }
      />
    </div>
  );
}

function EntryForm({ title, entryId, initial, onDone }: { title: string; entryId?: string; initial: FaqEntryInput; onDone: () => void }) {
  const form = useZodForm(faqEntryInputSchema, { defaultValues: initial });
  const create = useCreateFaqEntry();
  const update = useUpdateFaqEntry();
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>('input, select')?.focus(), []);
  const onSubmit = (values: FaqEntryInput) => {
    const done = { onSuccess: () => (toast({ title: entryId ? text.saved : text.added }), onDone()) };
    if (entryId) update.mutate({ id: entryId, input: values }, done);
    else create.mutate(values, done);
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={title} className="space-y-4 rounded-xl bg-ink-50 p-3">
      <div ref={first} className="space-y-4">
        {entryId ? <TopicSelect /> : null}
        <FormField<FaqEntryInput> name="question" label={text.question} />
      </div>
      <FormField<FaqEntryInput> name="answer" label={text.answer} as="textarea" rows={5} hint={text.answerHint} />
      <MutationError error={error} fallback={text.saveFailed} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? text.saving : text.save}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}

function TopicSelect() {
  const { register } = useFormContext<FaqEntryInput>();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {text.topic}
      </label>
      <select id={id} className={inputClasses} {...register('topic')}>
        {FAQ_TOPICS.map((t: FaqTopic) => (
          <option key={t} value={t}>
            {faqTopicLabels[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
