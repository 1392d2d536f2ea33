import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { proceduresText as text } from '@openride/shared/procedures/procedures-text';
import { MAX_CANNED_REPLIES, MAX_PROCEDURE_STEPS, procedureInputSchema } from '@openride/shared/procedures/schemas';
import { supportCategoryLabels } from '@openride/shared/support/categories';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { type ProcedureView, useSaveProcedure } from '../api/support-procedures';
import { issuesByPath, moveItem, removeAt, replaceAt } from '../lib/list-edit';
import { MutationError } from '@/components/ui/query-view';

type Step = { key: number; text: string };
type Reply = { key: number; title: string; body: string };

let nextKey = 1;
const keyed = () => nextKey++;

/**
 * The editor of one category's procedure: its title, its ordered steps (add, remove, move with the buttons
 * or Alt+Up / Alt+Down in a step's field) and its canned replies (add, remove). Validated with the shared
 * schema the server parses with; saved as the next version (decision 0056).
 */
export function ProcedureEditor({ procedure, onDone }: { procedure: ProcedureView; onDone: () => void }) {
  const label = supportCategoryLabels[procedure.category];
  const save = useSaveProcedure();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(procedure.title);
  const [steps, setSteps] = useState<Step[]>(() => procedure.steps.map((s) => ({ key: keyed(), text: s })));
  const [replies, setReplies] = useState<Reply[]>(() => procedure.replies.map((r) => ({ key: keyed(), ...r })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusKey, setFocusKey] = useState<string | null>(null);

  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus(), []);
  // After a move, an add or a remove, focus follows the step or control it concerns.
  useEffect(() => {
    if (!focusKey) return;
    formRef.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey}"]`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const move = (index: number, to: number, focus: 'field' | 'up' | 'down') => {
    const step = steps[index]!;
    setSteps(moveItem(steps, index, to));
    // A move button that the move disables (at the top or bottom) hands the focus to the step's field.
    const atEnd = (focus === 'up' && to <= 0) || (focus === 'down' && to >= steps.length - 1);
    setFocusKey(`step-${atEnd ? 'field' : focus}-${step.key}`);
  };
  const onStepKey = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1, 'field');
  };
  const addStep = () => {
    const key = keyed();
    setSteps([...steps, { key, text: '' }]);
    setFocusKey(`step-field-${key}`);
  };
  const removeStep = (index: number) => {
    const neighbour = steps[index + 1] ?? steps[index - 1];
    setSteps(removeAt(steps, index));
    setFocusKey(neighbour ? `step-field-${neighbour.key}` : 'add-step');
  };
  const addReply = () => {
    const key = keyed();
    setReplies([...replies, { key, title: '', body: '' }]);
    setFocusKey(`reply-title-${key}`);
  };
  const removeReply = (index: number) => {
    const neighbour = replies[index + 1] ?? replies[index - 1];
    setReplies(removeAt(replies, index));
    setFocusKey(neighbour ? `reply-title-${neighbour.key}` : 'add-reply');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = procedureInputSchema.safeParse({
      base_version: procedure.version,
      title,
      steps: steps.map((s) => s.text),
      replies: replies.map(({ title: t, body }) => ({ title: t, body })),
    });
    if (!parsed.success) {
      const found = issuesByPath(parsed.error.issues);
      setErrors(found);
      // The first field in error takes the focus, so a keyboard or screen reader user lands on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.mutate(
      { category: procedure.category, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: text.form.saved(label, saved.version) });
          onDone();
        },
      },
    );
  };

  const failure = save.error
    ? isApiError(save.error, 409)
      ? text.form.stale
      : isApiError(save.error) && save.error.message
        ? save.error.message
        : text.form.saveFailed
    : null;
  const stepsListError = errors.steps;
  const repliesListError = errors.replies;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-5">
      <h3 id={titleId} className="text-base font-semibold text-ink-900">
        {text.form.title(label)}
      </h3>
      <TextInput label={text.form.procedureTitle} value={title} onChange={setTitle} error={errors.title} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink-800">{text.form.steps}</legend>
        <p className="text-xs text-ink-500">{text.form.stepsHint}</p>
        <ol className="space-y-3">
          {steps.map((step, i) => (
            <li key={step.key} className="flex items-start gap-2">
              <TextInput
                className="min-w-0 flex-1"
                label={text.form.step(i + 1)}
                value={step.text}
                onChange={(v) => setSteps(replaceAt(steps, i, { ...step, text: v }))}
                onKeyDown={onStepKey(i)}
                error={errors[`steps.${i}`]}
                focusKey={`step-field-${step.key}`}
              />
              <div className="mt-7 flex shrink-0 gap-1">
                <IconButton label={text.form.moveUp(i + 1)} disabled={i === 0} onClick={() => move(i, i - 1, 'up')} focusKey={`step-up-${step.key}`}>
                  <ArrowUp className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={text.form.moveDown(i + 1)}
                  disabled={i === steps.length - 1}
                  onClick={() => move(i, i + 1, 'down')}
                  focusKey={`step-down-${step.key}`}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton label={text.form.removeStep(i + 1)} onClick={() => removeStep(i)}>
                  <X className="size-4" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          ))}
        </ol>
        {stepsListError ? <FieldError>{stepsListError}</FieldError> : null}
        <Button variant="outline" size="sm" onClick={addStep} disabled={steps.length >= MAX_PROCEDURE_STEPS} data-focus-key="add-step">
          {text.form.addStep}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink-800">{text.form.replies}</legend>
        <ul className="space-y-3">
          {replies.map((reply, i) => (
            <li key={reply.key} className="space-y-2 rounded-xl bg-ink-50 p-3">
              <div className="flex items-start gap-2">
                <TextInput
                  className="min-w-0 flex-1"
                  label={text.form.replyTitle(i + 1)}
                  value={reply.title}
                  onChange={(v) => setReplies(replaceAt(replies, i, { ...reply, title: v }))}
                  error={errors[`replies.${i}.title`]}
                  focusKey={`reply-title-${reply.key}`}
                />
                <div className="mt-7 shrink-0">
                  <IconButton label={text.form.removeReply(i + 1)} onClick={() => removeReply(i)}>
                    <X className="size-4" aria-hidden="true" />
                  </IconButton>
                </div>
              </div>
              <TextInput
                multiline
                label={text.form.replyBody(i + 1)}
                value={reply.body}
                onChange={(v) => setReplies(replaceAt(replies, i, { ...reply, body: v }))}
                error={errors[`replies.${i}.body`]}
              />
            </li>
          ))}
        </ul>
        {repliesListError ? <FieldError>{repliesListError}</FieldError> : null}
        <Button variant="outline" size="sm" onClick={addReply} disabled={replies.length >= MAX_CANNED_REPLIES} data-focus-key="add-reply">
          {text.form.addReply}
        </Button>
      </fieldset>

      <MutationError error={failure}>{failure}</MutationError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.form.saving : text.form.save}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {text.form.cancel}
        </Button>
      </div>
    </form>
  );
}

function FieldError({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

function TextInput({
  label,
  value,
  onChange,
  onKeyDown,
  error,
  focusKey,
  multiline = false,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  error?: string;
  focusKey?: string;
  multiline?: boolean;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = { id, value, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, 'data-focus-key': focusKey } as const;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(e) => onChange(e.target.value)} className={cn(inputClasses, 'h-auto py-2.5', error && 'border-red-600')} />
      ) : (
        <input {...shared} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} className={cn(inputClasses, error && 'border-red-600')} />
      )}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  focusKey,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  focusKey?: string;
  children: ReactNode;
}) {
  return (
    <Button variant="outline" size="icon" aria-label={label} title={label} onClick={onClick} disabled={disabled} data-focus-key={focusKey}>
      {children}
    </Button>
  );
}
