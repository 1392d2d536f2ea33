import { useId, useState } from 'react';
import { z } from 'zod';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { scheduleText } from '@openride/shared/schedule/schedule-text';
import { fromMinutes, STEP_MINUTES, type TimeOffInput, timeOffInputSchema, WEEK_ORDER, type ScheduleBlock } from '@openride/shared/schedule/schemas';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { type DriverSchedule, useAddTimeOff, useRemoveTimeOff, useSaveWeek, useSchedule } from '../api/schedule';

const text = scheduleText.page;
const STARTS = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_, i) => fromMinutes(i * STEP_MINUTES));
const ENDS = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_, i) => fromMinutes((i + 1) * STEP_MINUTES));

type Draft = ScheduleBlock & { key: number };
let nextKey = 0;
const toDraft = (blocks: ScheduleBlock[]): Draft[] => blocks.map((b) => ({ ...b, key: nextKey++ }));
const sameWeek = (a: ScheduleBlock[], b: ScheduleBlock[]) =>
  JSON.stringify(a.map(({ weekday, start, end }) => [weekday, start, end])) === JSON.stringify(b.map(({ weekday, start, end }) => [weekday, start, end]));

const errorOf = (e: unknown) => (e instanceof Error && e.message ? e.message : uiText.network.failed);

/**
 * /driver-schedule (issue 14, decision 0047): an approved driver's weekly hours by day (add, change, remove,
 * saved as a whole week), the next shift in words, and time off (add, remove). A failed save keeps the edits.
 */
export function DriverSchedulePage() {
  const schedule = useSchedule();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={uiText.pages.driverSchedule.title} description={text.intro} />
      <QueryView query={schedule} loadFailed={(error) => error.message || text.loadFailed}>
        {(scheduleData) => (
          <div className="space-y-10">
            <NextShift s={scheduleData} />
            <Week s={scheduleData} />
            <TimeOffSection s={scheduleData} />
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function NextShift({ s }: { s: DriverSchedule }) {
  return (
    <section aria-label={text.nextShiftLabel} className="flex items-start gap-3 rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-500/30">
      <CalendarClock className="mt-0.5 size-6 shrink-0 text-ink-700" aria-hidden="true" />
      <div>
        <p className="text-xl font-bold text-ink-900" data-testid="next-shift" aria-live="polite">
          {s.next_shift ? text.nextShift(s.next_shift) : text.noNextShift}
        </p>
        <p className="mt-1 text-sm text-ink-600">{text.timesIn(s.city.name, s.city.timezone)}</p>
      </div>
    </section>
  );
}

function Week({ s }: { s: DriverSchedule }) {
  const [draft, setDraft] = useState<Draft[]>(() => toDraft(s.blocks));
  const save = useSaveWeek();
  const [error, setError] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const dirty = !sameWeek(draft, s.blocks);

  const update = (key: number, patch: Partial<ScheduleBlock>) => setDraft((d) => d.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  const add = (weekday: number) => {
    const last = draft.filter((b) => b.weekday === weekday).at(-1);
    const start = last && last.end !== '24:00' ? last.end : '07:00';
    const startIndex = STARTS.indexOf(start);
    const end = ENDS[Math.min(startIndex + 15, ENDS.length - 1)]!;
    setDraft((d) => [...d, { key: nextKey++, weekday, start, end }]);
  };
  const remove = (key: number) => setDraft((d) => d.filter((b) => b.key !== key));

  const onSave = () => {
    setError(null);
    save.mutate(
      { blocks: draft.map(({ weekday, start, end }) => ({ weekday, start, end })) },
      {
        onSuccess: (stored) => {
          setDraft(toDraft(stored.blocks));
          setSavedOnce(true);
          toast({ title: text.saved });
        },
        onError: (e) => setError(errorOf(e)),
      },
    );
  };

  return (
    <section aria-labelledby="week-title" className="space-y-4">
      <div>
        <h2 id="week-title" className="text-lg font-semibold text-ink-900">
          {text.weekTitle}
        </h2>
        <p className="text-sm text-ink-600">{text.hint}</p>
      </div>
      <ol className="space-y-3">
        {WEEK_ORDER.map((weekday) => {
          const day = text.dayLong[weekday]!;
          const blocks = draft.filter((b) => b.weekday === weekday);
          return (
            <li key={weekday} className="rounded-2xl border border-ink-200 bg-white p-3 sm:p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-ink-900">{day}</h3>
                <Button variant="outline" size="sm" onClick={() => add(weekday)} aria-label={text.addBlockTo(day)}>
                  <Plus className="size-4" aria-hidden="true" />
                  {text.addBlock}
                </Button>
              </div>
              {blocks.length === 0 ? (
                <p className="mt-1 text-sm text-ink-500">{text.noBlocks}</p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {blocks.map((b, i) => (
                    <BlockRow key={b.key} day={day} n={i + 1} block={b} onChange={(patch) => update(b.key, patch)} onRemove={() => remove(b.key)} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <MutationError error={error} className="p-4">
        {error ? text.saveFailed(error) : null}
      </MutationError>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-ink-100 bg-white/95 py-3">
        <Button onClick={onSave} disabled={save.isPending || !dirty}>
          {save.isPending ? text.saving : text.save}
        </Button>
        <p className="text-sm text-ink-600" role="status" data-testid="save-status">
          {save.isPending ? text.saving : dirty ? text.unsaved : savedOnce ? text.saved : ''}
        </p>
      </div>
    </section>
  );
}

function BlockRow({
  day,
  n,
  block,
  onChange,
  onRemove,
}: {
  day: string;
  n: number;
  block: Draft;
  onChange: (patch: Partial<ScheduleBlock>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-24 space-y-1">
        <label htmlFor={`${id}-from`} className="block text-xs font-medium text-ink-700">
          {text.from}
        </label>
        <select
          id={`${id}-from`}
          aria-label={text.fromLabel(day, n)}
          className={inputClasses}
          value={block.start}
          onChange={(e) => onChange({ start: e.target.value })}
        >
          {STARTS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 basis-24 space-y-1">
        <label htmlFor={`${id}-to`} className="block text-xs font-medium text-ink-700">
          {text.to}
        </label>
        <select
          id={`${id}-to`}
          aria-label={text.toLabel(day, n)}
          className={inputClasses}
          value={block.end}
          onChange={(e) => onChange({ end: e.target.value })}
        >
          {ENDS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <Button variant="ghost" size="icon" onClick={onRemove} aria-label={text.removeBlock(day, block.start, block.end)}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * Time off as typed (the browser's local date and time) → the server's `timeOffInputSchema` (ISO instants, ends
 * after it starts, at most so many days): its refusals land beside From / To by their names.
 */
const localInstant = (label: string) => z.string().refine((v) => !Number.isNaN(new Date(v).getTime()), text.timeOffFailed(`${label}?`));
const timeOffForm = z
  .object({ starts_at: localInstant(text.timeOffFrom), ends_at: localInstant(text.timeOffTo), note: z.string() })
  .transform(
    ({ starts_at, ends_at, note }): TimeOffInput => ({
      starts_at: new Date(starts_at).toISOString(),
      ends_at: new Date(ends_at).toISOString(),
      ...(note.trim() ? { note: note.trim() } : {}),
    }),
  )
  .pipe(timeOffInputSchema);

function TimeOffSection({ s }: { s: DriverSchedule }) {
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const form = useZodForm(timeOffForm, { defaultValues: { starts_at: '', ends_at: '', note: '' } });
  const failed = add.error ?? remove.error;

  const onSubmit = (input: TimeOffInput) =>
    add.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({ title: text.timeOffAdded });
      },
    });

  return (
    <section aria-labelledby="time-off-title" className="space-y-4">
      <h2 id="time-off-title" className="text-lg font-semibold text-ink-900">
        {text.timeOffTitle}
      </h2>
      {s.time_off.length === 0 ? (
        <QueryEmpty>{text.noTimeOff}</QueryEmpty>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
          {s.time_off.map((t) => {
            const label = `${when(t.starts_at, s.city.timezone)} – ${when(t.ends_at, s.city.timezone)}`;
            return (
              <li key={t.id} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink-900">{label}</p>
                  {t.note ? <p className="text-sm break-words text-ink-600">{t.note}</p> : null}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={text.removeTimeOff(label)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(t.id, { onSuccess: () => toast({ title: text.timeOffRemoved }) })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Form form={form} onSubmit={onSubmit} className={cn('grid gap-3 rounded-2xl border border-ink-200 bg-white p-3 sm:grid-cols-2 sm:p-4')}>
        <FormField name="starts_at" label={text.timeOffFrom} type="datetime-local" required />
        <FormField name="ends_at" label={text.timeOffTo} type="datetime-local" required />
        <FormField name="note" className="sm:col-span-2" label={text.note} maxLength={200} />
        <MutationError error={failed} className="sm:col-span-2">
          {failed ? text.timeOffFailed(errorOf(failed)) : null}
        </MutationError>
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" disabled={add.isPending}>
            {add.isPending ? text.adding : text.addTimeOff}
          </Button>
        </div>
      </Form>
    </section>
  );
}
