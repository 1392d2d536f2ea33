import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The box a wide table scrolls sideways in on a phone. It is a named region in the tab order, so a
 * keyboard can reach it and scroll it with the arrow keys (axe's scrollable-region-focusable, issue 27
 * §18). `relative`: a cell's screen-reader-only text is absolutely positioned and would otherwise escape
 * the clipping and widen the page.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('relative overflow-x-auto', className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
