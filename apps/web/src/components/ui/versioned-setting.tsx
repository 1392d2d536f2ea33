import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { type FieldValues, type Path, type SubmitHandler, type UseFormReturn, useFormContext } from 'react-hook-form';
import { formatDateTime } from '@/lib/format';
import { Button } from './button';
import { Form, FormField } from './form';
import { MutationError } from './query-view';
import type { VersionEntry } from './version-history';

/**
 * A versioned setting's card (fare policies, financial settings; decision 0087): its title and what is in force
 * (`summary`), "Edit" (a new version: `form(close)`, focus back on Edit when it closes; no Edit when `form` is null,
 * for a reader who may not publish one), the values in force
 * (`children`), the versions scheduled to start later, and the history under it all.
 */
export function VersionedSettingCard({
  title,
  summary,
  edit,
  editLabel,
  scheduled,
  scheduledText,
  form,
  history,
  children,
}: {
  title: ReactNode;
  /** Under the title (the version in force and since when); nothing when undefined. */
  summary?: ReactNode;
  edit: string;
  /** The Edit button's accessible name, when its text alone is not enough ("Edit Economy"). */
  editLabel?: string;
  scheduled: readonly VersionEntry[];
  scheduledText: (version: number, when: string) => string;
  form: ((close: () => void) => ReactNode) | null;
  history: ReactNode;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const close = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold text-ink-900">
            {title}
          </h2>
          {summary === undefined ? null : <p className="text-sm text-ink-600">{summary}</p>}
        </div>
        {!editing && form ? (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={editLabel}>
            {edit}
          </Button>
        ) : null}
      </header>

      {children}

      {scheduled.map((v) => (
        <p key={v.id} className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {scheduledText(v.version, formatDateTime(v.effective_from))}
        </p>
      ))}

      {editing && form ? form(close) : null}

      {history}
    </section>
  );
}

/** The words of a new-version form's common part: when it takes effect, the note, the save. */
export type VersionFormWords = {
  effective: string;
  effectiveNow: string;
  effectiveAt: string;
  effectiveAtLabel: string;
  note: string;
  saveFailed: string;
  save: string;
  saving: string;
  cancel: string;
};

/** What a new-version form's values always hold besides the setting's own fields. */
type VersionFormValues = FieldValues & { effective: 'now' | 'at'; effective_at: string; note: string };

/**
 * A new version's form: its title, the setting's own fields (`children`, the first one focused as `focus`),
 * then when it takes effect (now, or a later date and time), the note, the refusal and Save / Cancel.
 */
export function VersionForm<In extends VersionFormValues, Out extends FieldValues>({
  title,
  form,
  focus,
  onSubmit,
  save,
  words,
  onDone,
  children,
}: {
  title: string;
  form: UseFormReturn<In, unknown, Out>;
  focus: Path<In>;
  onSubmit: SubmitHandler<Out>;
  save: { error: unknown; isPending: boolean };
  words: VersionFormWords;
  onDone: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  useEffect(() => form.setFocus(focus), [form, focus]);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-200 p-3 sm:p-4">
      <h3 id={headingId} className="mb-3 font-semibold text-ink-900">
        {title}
      </h3>
      <Form form={form} className="space-y-4" onSubmit={onSubmit}>
        {children}
        <EffectiveFields words={words} />
        <FormField name="note" label={words.note} autoComplete="off" />
        <MutationError error={save.error} fallback={words.saveFailed} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? words.saving : words.save}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {words.cancel}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function EffectiveFields({ words }: { words: VersionFormWords }) {
  const { register, watch } = useFormContext<{ effective: 'now' | 'at'; effective_at: string }>();
  const when = watch('effective');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-800">{words.effective}</legend>
      <div className="flex flex-wrap gap-x-6">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" value="now" className="size-5 accent-ink-900" {...register('effective')} />
          {words.effectiveNow}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" value="at" className="size-5 accent-ink-900" {...register('effective')} />
          {words.effectiveAt}
        </label>
      </div>
      {when === 'at' ? <FormField name="effective_at" label={words.effectiveAtLabel} type="datetime-local" /> : null}
    </fieldset>
  );
}
