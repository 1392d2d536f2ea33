import type { ReactNode } from 'react';
import { Inbox, RefreshCw, TriangleAlert } from 'lucide-react';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { LoadingScreen } from './loading-screen';

/**
 * The three states of a query, one component each, so every list and page says them the same way.
 * Typical use: `if (q.isPending) return <QueryLoading />; if (q.isError) return <QueryError …/>;`
 */

/** The §2 'Loading...' spinner, sized for a section instead of a whole page. */
export function QueryLoading({ className }: { className?: string }) {
  return <LoadingScreen className={cn('min-h-40', className)} />;
}

/**
 * Nothing to show: a sentence, what will appear here (`hint`), and the next step (`action`: a link or a
 * button, or several). Every empty list and page says it this way (issue 27).
 */
export function QueryEmpty({
  children,
  hint,
  action,
  icon: Icon = Inbox,
  className,
}: {
  children: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
  icon?: typeof Inbox;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-3xl border border-dashed border-ink-300 bg-ink-50 px-6 py-12 text-center', className)}>
      <Icon className="size-8 text-ink-400" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium text-ink-700">{children}</p>
        {hint ? <p className="max-w-md text-sm text-ink-600">{hint}</p> : null}
      </div>
      {action ? <div className="flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}

/**
 * A failed load, announced (role=alert), with a retry. `retrying` keeps the button from being pressed
 * twice while the second attempt runs.
 */
export function QueryError({
  children,
  onRetry,
  retrying = false,
  className,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center', className)}>
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{children}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
          {kitText.retry}
        </Button>
      ) : null}
    </div>
  );
}
