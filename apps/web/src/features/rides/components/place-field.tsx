import { useId, useState, type ReactNode, type Ref } from 'react';
import { Briefcase, Home, MapPin, X } from 'lucide-react';
import { riderText } from '@openride/shared/rides/rider-text';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useSearchCity } from '../api/city-places';
import { usePlaceSearch, type PlaceSuggestion } from '../hooks/use-place-search';

const text = riderText.book;

export type PlaceFieldProps = {
  label: string;
  placeholder: string;
  /** What the input shows: the chosen place's label, or what is being typed. */
  value: string;
  /** True when `value` names a chosen point (the suggestions stay closed). */
  chosen: boolean;
  onType: (value: string) => void;
  onChoose: (suggestion: PlaceSuggestion) => void;
  onClear: () => void;
  onFocus?: () => void;
  geocoderUrl: string | null;
  /** A point the rider gave (the booking page's pickup): the city nearest it is the one whose places are suggested. */
  near?: { lat: number; lng: number } | null;
  /** Under the input: a status such as "Finding your location…" or a refusal. */
  message?: ReactNode;
  messageTone?: 'info' | 'error';
  /** Inside the box, at the right: e.g. the "Use current location" button. */
  action?: ReactNode;
  marker: 'pickup' | 'destination';
  inputRef?: Ref<HTMLInputElement>;
  /** The rider's saved places (Home, Work): offered first, before anything is typed and above matches. */
  saved?: SavedPlaceOption[];
};

/** A saved place as a suggestion: `detail` names it (Home, Work), `name` is its address. */
export type SavedPlaceOption = PlaceSuggestion & { icon: 'home' | 'work' };

const matchesSaved = (query: string) => (s: SavedPlaceOption) => {
  const q = query.trim().toLowerCase();
  return !q || s.name.toLowerCase().includes(q) || s.detail.toLowerCase().includes(q);
};

/**
 * One place input as a combobox (WAI-ARIA 1.2): type to see matching places, arrows to move, Enter to take
 * one, Escape to close. Typed coordinates are taken by the page as they are typed.
 */
export function PlaceField({
  label,
  placeholder,
  value,
  chosen,
  onType,
  onChoose,
  onClear,
  onFocus,
  geocoderUrl,
  near = null,
  message,
  messageTone = 'info',
  action,
  marker,
  inputRef,
  saved = [],
}: PlaceFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions: found, searching } = usePlaceSearch(chosen ? '' : value, geocoderUrl, useSearchCity(near));
  const savedFirst = chosen ? [] : saved.filter(matchesSaved(value));
  const typed = value.trim().length > 0;
  const suggestions: PlaceSuggestion[] = [...savedFirst, ...(typed ? found : [])];
  const showList = open && !chosen && (typed || savedFirst.length > 0);

  const choose = (suggestion: PlaceSuggestion) => {
    onChoose(suggestion);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-800">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2',
            marker === 'pickup' ? 'size-3 rounded-full bg-brand-500 ring-3 ring-brand-100' : 'size-3 bg-ink-900 ring-3 ring-ink-200',
          )}
        />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={message ? messageId : undefined}
          placeholder={placeholder}
          value={value}
          onFocus={(event) => {
            setOpen(true);
            if (chosen) event.currentTarget.select();
            onFocus?.();
          }}
          onBlur={() => setOpen(false)}
          onChange={(event) => {
            onType(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && suggestions.length) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % suggestions.length);
            } else if (event.key === 'ArrowUp' && suggestions.length) {
              event.preventDefault();
              setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
            } else if (event.key === 'Enter' && showList && suggestions.length) {
              event.preventDefault();
              choose(suggestions[Math.max(0, active)]!);
            } else if (event.key === 'Escape' && showList) {
              event.preventDefault();
              setOpen(false);
            }
          }}
          className={cn(inputClasses, 'pl-10', value ? 'pr-24' : 'pr-12')}
        />
        <div className="absolute inset-y-0 right-1 flex items-center">
          {value ? (
            <button
              type="button"
              onClick={onClear}
              aria-label={text.clear(label)}
              className="flex size-11 items-center justify-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          {action}
        </div>
      </div>
      {message ? (
        <p
          id={messageId}
          role={messageTone === 'error' ? 'alert' : 'status'}
          className={cn('mt-1 text-sm', messageTone === 'error' ? 'text-red-700' : 'text-ink-600')}
        >
          {message}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={text.suggestions(label)}
        hidden={!showList}
        className="absolute inset-x-0 top-full z-[1100] mt-1 max-h-72 overflow-y-auto rounded-2xl border border-ink-200 bg-white py-1 shadow-xl"
      >
        {showList
          ? suggestions.map((s, i) => (
              <li
                key={s.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(s);
                }}
                className={cn('flex cursor-pointer items-start gap-3 px-3.5 py-2.5', i === active ? 'bg-ink-100' : 'hover:bg-ink-50')}
              >
                {'icon' in s && s.icon === 'home' ? (
                  <Home className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                ) : 'icon' in s && s.icon === 'work' ? (
                  <Briefcase className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                ) : (
                  <MapPin className="mt-0.5 size-4 shrink-0 text-ink-400" aria-hidden="true" />
                )}
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink-900">{s.name}</span>
                  {s.detail ? <span className="block truncate text-xs text-ink-500">{s.detail}</span> : null}
                </span>
              </li>
            ))
          : null}
        {!showList || !typed ? null : suggestions.length === 0 ? (
          <li role="presentation" className="px-3.5 py-2.5 text-sm text-ink-500">
            {searching ? text.searching : text.noMatches}
          </li>
        ) : searching ? (
          <li role="presentation" className="px-3.5 py-2 text-xs text-ink-500">
            {text.searching}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
