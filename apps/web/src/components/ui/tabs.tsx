import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type TabItem<T extends string> = { value: T; label: string };

type TabsProps<T extends string> = {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  children: (value: T) => ReactNode;
  className?: string;
};

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only the
 * selected tab is in the tab order and only its panel is rendered.
 */
export function Tabs<T extends string>({ label, items, value, onValueChange, children, className }: TabsProps<T>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${base}-tab-${v}`;
  const panelId = (v: T) => `${base}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onValueChange(next.value);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next.value))}`)?.focus();
  };

  return (
    <div className={className}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-1 rounded-xl bg-ink-100 p-1"
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              id={tabId(item.value)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={cn(
                'h-11 rounded-lg px-3 text-sm font-semibold transition-colors md:h-9',
                selected ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={panelId(value)} role="tabpanel" aria-labelledby={tabId(value)} tabIndex={0} className="mt-6 focus-visible:outline-offset-4">
        {children(value)}
      </div>
    </div>
  );
}
