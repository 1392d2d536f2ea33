import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createZoneSchema, ZONE_TYPES, type ZoneType } from '@openride/shared/zones/schemas';
import { zonesText as text, zoneTypeLabels } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSaveZone, type Zone } from '../api/zones';
import { type Corner, otherPartsOf, withCorners } from '../lib/geometry';
import { MutationError } from '@/components/ui/query-view';

export type ZoneDraft = { zone: Zone | null; name: string; type: ZoneType; color: string; priority: string; enabled: boolean };

/**
 * The zone's name, type, colour, priority and switch, and its corners as a list a keyboard can edit (the
 * same corners the map's handles drag). Saves through the same schema the server checks with.
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
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusKey) nameRef.current?.focus();
  }, [focusKey]);
  const others = draft.zone ? otherPartsOf(draft.zone.geometry) : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (corners.length < 3) return setError(text.needThree);
    const input = {
      city_id: cityId,
      name: draft.name,
      type: draft.type,
      color: draft.color,
      priority: draft.priority,
      enabled: draft.enabled,
      geometry: withCorners(draft.zone?.geometry ?? null, corners),
    };
    const parsed = createZoneSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    const { city_id: _city, ...fields } = parsed.data;
    save.mutate(draft.zone ? { id: draft.zone.id, ...fields } : parsed.data, {
      onSuccess: (zone) => {
        toast({ title: text.form.saved(zone.name) });
        onDone();
      },
      onError: (e) => setError(isApiError(e) ? e.message : text.loadFailed),
    });
  }

  const setCorner = (i: number, axis: 0 | 1, value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return;
    onCorners(corners.map((c, k) => (k === i ? (axis === 0 ? [n, c[1]] : [c[0], n]) : c)));
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="zone-form-title" noValidate>
      <h2 id="zone-form-title" className="text-lg font-semibold text-ink-900">
        {draft.zone ? text.form.editTitle(draft.zone.name) : text.form.newTitle}
      </h2>
      <div className="space-y-1.5">
        <label htmlFor="zone-name" className="block text-sm font-medium text-ink-800">
          {text.form.name}
        </label>
        <input
          id="zone-name"
          ref={nameRef}
          className={inputClasses}
          value={draft.name}
          onChange={(e) => onDraft({ ...draft, name: e.target.value })}
          maxLength={80}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor="zone-type" className="block text-sm font-medium text-ink-800">
            {text.form.type}
          </label>
          <select id="zone-type" className={inputClasses} value={draft.type} onChange={(e) => onDraft({ ...draft, type: e.target.value as ZoneType })}>
            {ZONE_TYPES.map((t) => (
              <option key={t} value={t}>
                {zoneTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="zone-color" className="block text-sm font-medium text-ink-800">
            {text.form.color}
          </label>
          <input
            id="zone-color"
            type="color"
            className={cn(inputClasses, 'p-1')}
            value={draft.color}
            onChange={(e) => onDraft({ ...draft, color: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="zone-priority" className="block text-sm font-medium text-ink-800">
            {text.form.priority}
          </label>
          <input
            id="zone-priority"
            type="number"
            inputMode="numeric"
            className={inputClasses}
            value={draft.priority}
            onChange={(e) => onDraft({ ...draft, priority: e.target.value })}
            aria-describedby="zone-priority-hint"
          />
          <p id="zone-priority-hint" className="text-xs text-ink-500">
            {text.form.priorityHint}
          </p>
        </div>
        <div className="space-y-1.5">
          <span id="zone-enabled-label" className="block text-sm font-medium text-ink-800">
            {text.form.enabled}
          </span>
          <Switch
            checked={draft.enabled}
            onCheckedChange={(enabled) => onDraft({ ...draft, enabled })}
            aria-labelledby="zone-enabled-label"
            className="mt-2.5"
          />
        </div>
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
              <input
                aria-label={text.form.lat(i + 1)}
                className={cn(inputClasses, 'min-w-0 px-2 text-sm')}
                inputMode="decimal"
                defaultValue={lat}
                key={`lat-${i}-${lat}`}
                onBlur={(e) => setCorner(i, 0, e.target.value)}
              />
              <input
                aria-label={text.form.lng(i + 1)}
                className={cn(inputClasses, 'min-w-0 px-2 text-sm')}
                inputMode="decimal"
                defaultValue={lng}
                key={`lng-${i}-${lng}`}
                onBlur={(e) => setCorner(i, 1, e.target.value)}
              />
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
      </fieldset>
      <MutationError error={error}>{error}</MutationError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {text.form.save}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
