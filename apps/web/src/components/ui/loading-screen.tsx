import { messages } from '@openride/shared/messages';
import { cn } from '@/lib/cn';

/** The §2 'Loading...' fallback, shown while a page's code or the session loads. */
export function LoadingScreen({ className }: { className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8', className)}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-3 border-ink-200 border-t-brand-500" />
      <p className="text-sm font-medium text-ink-600">{messages.app.loading}</p>
    </div>
  );
}

/** For routes without the site chrome (e.g. /auth), where nothing else fills the screen. */
export function FullScreenLoading() {
  return <LoadingScreen className="min-h-dvh" />;
}

/**
 * A page still loading inside the site chrome: as tall as the screen below the nav, so the footer starts
 * below the fold and the page that replaces it does not push the footer down (a layout shift; decision 0012).
 */
export function PageLoading() {
  return <LoadingScreen className="min-h-[calc(100svh-var(--spacing-nav))]" />;
}
