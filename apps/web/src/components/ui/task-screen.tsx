import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The frame of a task screen (/book-ride, /track-ride, /driver-active, /driver-ride): an app, not a web page
 * (issue 17 §2). The site layout gives these routes the whole screen below the nav and no footer (route
 * handle `{ screen: 'task' }`); this fills it.
 *
 * - With a `map`: on a phone the map fills the top of the screen and a bottom sheet holds the task, scrolling
 *   inside itself; from `lg` up the map fills the screen beside a side panel.
 * - Without one (a finished ride): the task sits in a centred column, scrolling inside the screen.
 *
 * The frame has its final size before anything loads inside it, so nothing below it moves (no layout shift).
 */
export function TaskScreen({
  map,
  children,
  sheetClassName,
  flushBottom = false,
}: {
  map?: ReactNode;
  children: ReactNode;
  sheetClassName?: string;
  /** The sheet ends in a sticky action bar that pads itself: no padding under it, or content shows below it. */
  flushBottom?: boolean;
}) {
  if (!map) {
    return (
      <div className="h-full overflow-y-auto">
        <div className={cn('mx-auto w-full max-w-xl space-y-5 px-4 pt-6 pb-10 sm:px-6', sheetClassName)}>{children}</div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col lg:flex-row">
      {/* One grid cell that fills the space left: the map (whatever its own classes) stretches into it. */}
      <div className="grid min-h-[30%] flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)]">{map}</div>
      <div
        data-sheet=""
        className={cn(
          'relative z-10 -mt-5 max-h-[68%] shrink-0 overflow-y-auto overscroll-contain rounded-t-3xl bg-white px-4 pt-5 shadow-[0_-8px_24px_rgba(2,6,23,0.08)]',
          !flushBottom && 'pb-[max(1.5rem,env(safe-area-inset-bottom))]',
          'lg:mt-0 lg:max-h-none lg:w-[28rem] lg:rounded-none lg:px-6 lg:shadow-none',
          sheetClassName,
        )}
      >
        {/* The sheet's grab handle: a picture of "this slides", as in every ride app. */}
        <span aria-hidden="true" className="mx-auto -mt-2 mb-3 block h-1.5 w-10 rounded-full bg-ink-200 lg:hidden" />
        {children}
      </div>
    </div>
  );
}
