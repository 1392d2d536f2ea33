import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FileText, Search } from 'lucide-react';
import { SEARCH_KINDS, type SearchKind } from '@openride/shared/admin/search-api';
import { kitText } from '@openride/shared/admin/admin-text';
import { searchText } from '@openride/shared/admin/search-text';
import { inputClasses } from '@/components/ui/field';
import { Modal, ModalClose } from '@/components/ui/modal';
import { QueryView } from '@/components/ui/query-view';
import { cn } from '@/lib/cn';
import { searchesRecords, useConsoleSearch } from '../api/search-console';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { matchPages, type SearchPage } from '../lib/match-pages';

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 250;

/** One line of the results: a page or a record, and where it opens. */
type Option = { key: string; group: SearchKind | 'pages'; title: string; subtitle: string | null; to: string };

/**
 * The console's search dialog (issue 29 §1): a combobox over one list of results — the pages first (matched here,
 * from the menu's own list), then the records the server found, kind by kind. ↑ ↓ move through them (the input
 * keeps focus; `aria-activedescendant` names the one chosen), Enter or a click opens it, Escape closes.
 */
export default function ConsoleSearchDialog({
  open,
  onOpenChange,
  pages,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pages: readonly SearchPage[];
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={searchText.title}
      focusFirstField
      className="max-sm:top-4 max-sm:translate-y-0 sm:top-[12dvh] sm:max-w-xl sm:translate-y-0"
    >
      <SearchBox pages={pages} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function SearchBox({ pages, onDone }: { pages: readonly SearchPage[]; onDone: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [typed, setTyped] = useState('');
  const q = typed.trim();
  const asked = useDebouncedValue(q, DEBOUNCE_MS);
  const records = useConsoleSearch(asked);
  const recordsShown = searchesRecords(q) && searchesRecords(asked);

  const pageOptions = useMemo<Option[]>(
    () => matchPages(pages, q).map((p) => ({ key: `page:${p.to}`, group: 'pages', title: p.label, subtitle: p.group, to: p.to })),
    [pages, q],
  );
  const hits = recordsShown ? records.data?.hits : undefined;
  const options = useMemo<Option[]>(
    () => [...pageOptions, ...(hits ?? []).map((h) => ({ key: `${h.kind}:${h.id}`, group: h.kind, title: h.title, subtitle: h.subtitle, to: h.path }))],
    [pageOptions, hits],
  );
  const groups = useMemo(
    () =>
      (['pages', ...SEARCH_KINDS] as const)
        .map((group) => ({ group, items: options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group) }))
        .filter((g) => g.items.length > 0),
    [options],
  );

  // The option chosen is remembered by its key, so results arriving under it do not move the choice.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const found = options.findIndex((o) => o.key === activeKey);
  const active = options.length === 0 ? -1 : Math.max(found, 0);

  const list = useRef<HTMLDivElement>(null);
  // A block body: this Chromium's scrollIntoView returns a promise, which React would take for a cleanup (decision 0088).
  useEffect(() => {
    if (active >= 0) list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable id
  }, [active]);

  const openOption = (option: Option) => {
    onDone();
    navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const next = (active + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length;
      setActiveKey(options[next]!.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0) openOption(options[active]!);
    }
  };

  const nothing = <p className="px-1 text-sm text-ink-600">{searchText.nothing(q)}</p>;
  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          {searchText.input}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" aria-hidden="true" />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={100}
          placeholder={searchText.placeholder}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, 'pl-10')}
        />
      </div>

      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={searchText.results}
        className={cn('max-h-[55dvh] space-y-3 overflow-y-auto overscroll-contain', options.length === 0 && 'hidden')}
      >
        {groups.map(({ group, items }) => (
          <div key={group} role="group" aria-labelledby={`${id}-group-${group}`}>
            <div id={`${id}-group-${group}`} aria-hidden="true" className="px-2 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
              {searchText.groups[group]}
            </div>
            {items.map(({ option, index }) => (
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseMove={() => {
                  if (index !== active) setActiveKey(option.key);
                }}
                // The input keeps focus: a click chooses without leaving the box.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openOption(option)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5',
                  index === active ? 'bg-brand-50 text-brand-900' : 'text-ink-800',
                )}
              >
                {group === 'pages' ? <FileText className="size-4 shrink-0 text-ink-400" aria-hidden="true" /> : null}
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{option.title}</span>
                  {option.subtitle ? <span className="block truncate text-xs text-ink-500">{option.subtitle}</span> : null}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>

      <div aria-live="polite" className="space-y-2">
        {recordsShown ? (
          <QueryView
            query={records}
            keepData
            loading={<p className="px-1 text-sm text-ink-600">{searchText.searching}</p>}
            loadFailed={searchText.loadFailed}
            isEmpty={(data) => data.hits.length === 0 && pageOptions.length === 0}
            empty={nothing}
          >
            {() => <p className="sr-only">{searchText.count(options.length)}</p>}
          </QueryView>
        ) : q && pageOptions.length === 0 ? (
          nothing
        ) : null}
        {q && !searchesRecords(q) ? <p className="px-1 text-xs text-ink-500">{searchText.typeMore}</p> : null}
      </div>
      <p className="hidden px-1 text-xs text-ink-500 sm:block">{searchText.hint}</p>
      {/* No Escape key on a phone. */}
      <ModalClose className="w-full sm:hidden">{kitText.close}</ModalClose>
    </div>
  );
}
