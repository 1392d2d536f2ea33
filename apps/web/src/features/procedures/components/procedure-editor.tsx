import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { proceduresText as text } from '@openride/shared/procedures/procedures-text';
import { MAX_CANNED_REPLIES, MAX_PROCEDURE_STEPS, procedureInputSchema } from '@openride/shared/procedures/schemas';
import { supportCategoryLabels } from '@openride/shared/support/categories';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type ProcedureView, useSaveProcedure } from '../api/support-procedures';

/**
 * The editor's values (each step an object, as a field array wants it) → the server's `procedureInputSchema`.
 * Every refusal of that schema is said under what it is about: a step's under its field (`steps.2` →
 * `steps.2.text`), a whole list's ("at least one step") under the list (`steps.root`).
 */
const procedureFormSchema = z
  .object({
    base_version: z.number(),
    title: z.string(),
    steps: z.array(z.object({ text: z.string() })),
    replies: z.array(z.object({ title: z.string(), body: z.string() })),
  })
  .transform((f, ctx) => {
    const parsed = procedureInputSchema.safeParse({ ...f, steps: f.steps.map((s) => s.text) });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [list, index] = issue.path;
      const path = (list === 'steps' || list === 'replies') && index === undefined ? [list, 'root'] : list === 'steps' ? ['steps', index!, 'text'] : issue.path;
      ctx.addIssue({ code: 'custom', message: issue.message, path });
    }
    return z.NEVER;
  })
  .pipe(procedureInputSchema);

/**
 * The editor of one category's procedure: its title, its ordered steps (add, remove, move with the buttons
 * or Alt+Up / Alt+Down in a step's field) and its canned replies (add, remove). The kit's form on the shared
 * schema the server parses with; saved as the next version (decision 0056).
 */
export function ProcedureEditor({ procedure, onDone }: { procedure: ProcedureView; onDone: () => void }) {
  const label = supportCategoryLabels[procedure.category];
  const save = useSaveProcedure();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const form = useZodForm(procedureFormSchema, {
    defaultValues: {
      base_version: procedure.version,
      title: procedure.title,
      steps: procedure.steps.map((s) => ({ text: s })),
      replies: procedure.replies.map((r) => ({ title: r.title, body: r.body })),
    },
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const replies = useFieldArray({ control: form.control, name: 'replies' });
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const errors = form.formState.errors;

  useEffect(() => form.setFocus('title'), [form]);
  // After a move, an add or a remove, focus follows the step or control it concerns.
  useEffect(() => {
    if (!focusKey) return;
    boxRef.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey}"]`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const move = (index: number, to: number, focus: 'field' | 'up' | 'down') => {
    const target = Math.max(0, Math.min(steps.fields.length - 1, to));
    const step = steps.fields[index]!;
    if (target !== index) steps.move(index, target);
    // A move button that the move disables (at the top or bottom) hands the focus to the step's field.
    const atEnd = (focus === 'up' && to <= 0) || (focus === 'down' && to >= steps.fields.length - 1);
    setFocusKey(`step-${atEnd ? 'field' : focus}-${step.id}`);
  };
  const onStepKey = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1, 'field');
  };
  // An added step or reply takes the focus (useFieldArray's append focuses its first field).
  const removeStep = (index: number) => {
    const neighbour = steps.fields[index + 1] ?? steps.fields[index - 1];
    steps.remove(index);
    setFocusKey(neighbour ? `step-field-${neighbour.id}` : 'add-step');
  };
  const removeReply = (index: number) => {
    const neighbour = replies.fields[index + 1] ?? replies.fields[index - 1];
    replies.remove(index);
    setFocusKey(neighbour ? `reply-title-${neighbour.id}` : 'add-reply');
  };

  return (
    <Form
      form={form}
      onSubmit={(input) =>
        save.mutate(
          { category: procedure.category, input },
          {
            onSuccess: (saved) => {
              toast({ title: text.form.saved(label, saved.version) });
              onDone();
            },
          },
        )
      }
      aria-labelledby={titleId}
    >
      <div ref={boxRef} className="space-y-5">
        <h3 id={titleId} className="text-base font-semibold text-ink-900">
          {text.form.title(label)}
        </h3>
        <FormField name="title" label={text.form.procedureTitle} />

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink-800">{text.form.steps}</legend>
          <p className="text-xs text-ink-500">{text.form.stepsHint}</p>
          <ol className="space-y-3">
            {steps.fields.map((step, i) => (
              <li key={step.id} className="flex items-start gap-2">
                <FormField
                  className="min-w-0 flex-1"
                  name={`steps.${i}.text`}
                  label={text.form.step(i + 1)}
                  onKeyDown={onStepKey(i)}
                  data-focus-key={`step-field-${step.id}`}
                />
                <div className="mt-7 flex shrink-0 gap-1">
                  <IconButton label={text.form.moveUp(i + 1)} disabled={i === 0} onClick={() => move(i, i - 1, 'up')} focusKey={`step-up-${step.id}`}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={text.form.moveDown(i + 1)}
                    disabled={i === steps.fields.length - 1}
                    onClick={() => move(i, i + 1, 'down')}
                    focusKey={`step-down-${step.id}`}
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
          <Alert>{errors.steps?.root?.message}</Alert>
          <Button
            variant="outline"
            size="sm"
            onClick={() => steps.append({ text: '' })}
            disabled={steps.fields.length >= MAX_PROCEDURE_STEPS}
            data-focus-key="add-step"
          >
            {text.form.addStep}
          </Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink-800">{text.form.replies}</legend>
          <ul className="space-y-3">
            {replies.fields.map((reply, i) => (
              <li key={reply.id} className="space-y-2 rounded-xl bg-ink-50 p-3">
                <div className="flex items-start gap-2">
                  <FormField
                    className="min-w-0 flex-1"
                    name={`replies.${i}.title`}
                    label={text.form.replyTitle(i + 1)}
                    data-focus-key={`reply-title-${reply.id}`}
                  />
                  <div className="mt-7 shrink-0">
                    <IconButton label={text.form.removeReply(i + 1)} onClick={() => removeReply(i)}>
                      <X className="size-4" aria-hidden="true" />
                    </IconButton>
                  </div>
                </div>
                <FormField as="textarea" rows={3} name={`replies.${i}.body`} label={text.form.replyBody(i + 1)} />
              </li>
            ))}
          </ul>
          <Alert>{errors.replies?.root?.message}</Alert>
          <Button
            variant="outline"
            size="sm"
            onClick={() => replies.append({ title: '', body: '' })}
            disabled={replies.fields.length >= MAX_CANNED_REPLIES}
            data-focus-key="add-reply"
          >
            {text.form.addReply}
          </Button>
        </fieldset>

        <MutationError error={save.error} fallback={text.form.saveFailed}>
          {isApiError(save.error, 409) ? text.form.stale : undefined}
        </MutationError>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? text.form.saving : text.form.save}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {text.form.cancel}
          </Button>
        </div>
      </div>
    </Form>
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
