import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type StatCard = { label: string; value: ReactNode; detail?: ReactNode };

/** A row of key figures (dashboards, a driver's record): label, big value, an optional line under it. */
export function StatCards({ cards, className }: { cards: readonly StatCard[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4', className)}>
      {cards.map((c) => (
        <div key={c.label} className="rounded-2xl border border-ink-200 bg-white p-4">
          <dt className="text-sm text-ink-500">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-ink-900">{c.value}</dd>
          {c.detail ? <dd className="mt-0.5 text-xs text-ink-500">{c.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
