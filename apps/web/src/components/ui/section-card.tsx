import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One part of a page as a white card named by its h2 (`id` ties the two): an optional line under the heading
 * (`hint`) and, beside the heading, the part's own controls (`actions`: a download, a link, a legend).
 */
export function SectionCard({
  id,
  title,
  hint,
  actions,
  tight,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  hint?: ReactNode;
  actions?: ReactNode;
  /** The heading close to what follows (that brings its own line under the heading, as `hint` would). */
  tight?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const heading =
    actions === undefined ? (
      <>
        <h2 id={id} className={cn('text-lg font-semibold text-ink-900', hint === undefined && !tight ? 'mb-3' : 'mb-1')}>
          {title}
        </h2>
        {hint === undefined ? null : <p className="mb-3 text-sm text-ink-500">{hint}</p>}
      </>
    ) : (
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-semibold text-ink-900">
            {title}
          </h2>
          {hint === undefined ? null : <p className="text-sm text-ink-500">{hint}</p>}
        </div>
        {actions}
      </div>
    );
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-ink-200 bg-white p-4', className)}>
      {heading}
      {children}
    </section>
  );
}
