import { useEffect, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { createZoneSchema, updateZoneSchema, ZONE_TYPES, type ZoneType } from '@openride/shared/zones/schemas';
import { zonesText as text, zoneTypeLabels } from '@openride/shared/zones/zones-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useSaveZone, type Zone } from '../api/zones';
import { type Corner, otherPartsOf, withCorners } from '../lib/geometry';

export type ZoneDraft = { zone: Zone | null; name: string; type: ZoneType; color: string; priority: string; enabled: boolean };

const zoneFieldsSchema = updateZoneSchema.required().omit({ geometry: true });

/** The zone's own fields as the form holds them (priority as typed: an empty box is refused, not 0), then the server's fields. */
const zoneFormSchema = z
  .object({
    name: z.string(),
    type: z.enum(ZONE_TYPES),
    color: z.string(),
    priority: z.string().trim().min(1, 'Priority must be a whole number.'),
    enabled: z.boolean(),
  })
  // zonePrioritySchema is z.coerce (its declared input `unknown`, which zod's pipe will not take after a string): the same schema, its input narrowed.
  .pipe(
    zoneFieldsSchema as unknown as z.ZodType<
      z.output<typeof zoneFieldsSchema>,
      { name: string; type: ZoneType; color: string; priority: string; enabled: boolean }
    >,
  );
type ZoneFormInput = z.input<typeof zoneFormSchema>;

const fieldsOf = ({ name, type, color, priority, enabled }: ZoneDraft): ZoneFormInput => ({ name, type, color, priority, enabled });

/**
 * The zone's name, type, colour, priority and switch (the kit's form on the server's zone fields), and its
 * corners as a list a keyboard can edit (the same corners the map's handles drag: the page holds them, and
 * the geometry they make is checked with `createZoneSchema` when saving). The page's draft follows the form.
 */
export function ZoneForm({
  cityId,
  draft,
  onDraft,
  corners,
  onCorners,
  onDone,
  onCancel,
  focusKey,
}: {
  cityId: string;
  draft: ZoneDraft;
  onDraft: (d: ZoneDraft) => void;
  corners: Corner[];
  onCorners: (c: Corner[]) => void;
  onDone: () => void;
  onCancel: () => void;
  /** Changes when drawing is finished: the name field takes focus. */
  focusKey: number;
}) {
  const save = useSaveZone();
  const form = useZodForm(zoneFormSchema, { defaultValues: fieldsOf(draft) });
  const [cornersError, setCornersError] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey) form.setFocus('name');
  }, [focusKey, form]);

  // The page's draft follows the form (its colour paints the corners on the map); a draft the page starts
  // (another zone, a new drawing) resets the form.
  const sent = useRef<ZoneDraft>(draft);
  const latest = useRef({ draft, onDraft });
  latest.current = { draft, onDraft };
  useEffect(() => {
    if (draft !== sent.current) {
      sent.current = draft;
      form.reset(fieldsOf(draft));
    }
  }, [draft, form]);
  useEffect(() => {
    const sub = form.watch((values) => {
      const next = { ...latest.current.draft, ...values } as ZoneDraft;
      sent.current = next;
      latest.current.onDraft(next);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const others = draft.zone ? otherPartsOf(draft.zone.geometry) : 0;

  function submit(fields: z.output<typeof zoneFormSchema>) {
    if (corners.length < 3) return setCornersError(text.needThree);
    const parsed = createZoneSchema.safeParse({ city_id: cityId, ...fields, geometry: withCorners(draft.zone?.geometry ?? null, corners) });
    if (!parsed.success) return setCornersError(parsed.error.issues[0]!.message);
    setCornersError(null);
    const { city_id: _city, ...zone } = parsed.data;
    save.mutate(draft.zone ? { id: draft.zone.id, ...zone } : parsed.data, {
      onSuccess: (saved) => {
        toast({ title: text.form.saved(saved.name) });
        onDone();
      },
    });
  }

  const setCorner = (i: number, axis: 0 | 1, value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return;
    onCorners(corners.map((c, k) => (k === i ? (axis === 0 ? [n, c[1]] : [c[0], n]) : c)));
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-labelledby="zone-form-title">
      <h2 id="zone-form-title" className="text-lg font-semibold text-ink-900">
        {draft.zone ? text.form.editTitle(draft.zone.name) : text.form.newTitle}
      </h2>
      <NameField />
      <div className="grid grid-cols-2 gap-3">
        <FormField name="type" as="select" label={text.form.type}>
          {ZONE_TYPES.map((t) => (
            <option key={t} value={t}>
              {zoneTypeLabels[t]}
            </option>
          ))}
        </FormField>
        <FormField name="color" type="color" label={text.form.color} />
        <FormField name="priority" type="number" inputMode="numeric" label={text.form.priority} hint={text.form.priorityHint} />
        <EnabledField />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">{text.form.corners}</legend>
        <p className="text-xs text-ink-500">{text.form.cornersHint}</p>
        <ol className="space-y-2">
          {corners.map(([lat, lng], i) => (
            <li key={i} className="flex items-center gap-2">
              <span className="w-5 shrink-0 text-right text-xs font-semibold text-ink-600" aria-hidden="true">
                {i + 1}
              </span>
              {([0, 1] as const).map((axis) => (
                <input
                  key={`${axis}-${i}-${axis === 0 ? lat : lng}`}
                  aria-label={axis === 0 ? text.form.lat(i + 1) : text.form.lng(i + 1)}
                  className={cn(inputClasses, 'min-w-0 px-2 text-sm')}
                  inputMode="decimal"
                  defaultValue={axis === 0 ? lat : lng}
                  onBlur={(e) => setCorner(i, axis, e.target.value)}
                />
              ))}
              <Button variant="ghost" size="icon" aria-label={text.form.removeCorner(i + 1)} onClick={() => onCorners(corners.filter((_, k) => k !== i))}>
                ×
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            const last = corners[corners.length - 1];
            onCorners([...corners, last ? [Number((last[0] + 0.002).toFixed(6)), last[1]] : [0, 0]]);
          }}
        >
          {text.form.addCorner}
        </Button>
        {others > 0 ? <p className="text-xs text-ink-500">{text.form.otherParts(others)}</p> : null}
        <Alert>{cornersError}</Alert>
      </fieldset>
      <MutationError error={save.error} fallback={text.loadFailed} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {text.form.save}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}

/** The name: a FormField but for its fixed id `zone-name` (finishing a drawing hands it the keyboard). */
function NameField() {
  const { register, formState } = useFormContext<ZoneFormInput>();
  const error = formState.errors.name?.message;
  return (
    <div className="space-y-1.5">
      <label htmlFor="zone-name" className="block text-sm font-medium text-ink-800">
        {text.form.name}
      </label>
      <input
        id="zone-name"
        className={cn(inputClasses, error && 'border-red-600')}
        maxLength={80}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'zone-name-error' : undefined}
        {...register('name')}
      />
      <Alert id="zone-name-error">{error}</Alert>
    </div>
  );
}

/** The zone's switch, on the form. */
function EnabledField() {
  const { field } = useController<ZoneFormInput, 'enabled'>({ name: 'enabled' });
  return (
    <div className="space-y-1.5">
      <span id="zone-enabled-label" className="block text-sm font-medium text-ink-800">
        {text.form.enabled}
      </span>
      <Switch checked={field.value} onCheckedChange={field.onChange} aria-labelledby="zone-enabled-label" className="mt-2.5" />
    </div>
  );
}
