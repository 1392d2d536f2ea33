import { lazy, Suspense, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { searchText } from '@openride/shared/admin/search-text';
import { cn } from '@/lib/cn';
import type { SearchPage } from '../lib/match-pages';

export type { SearchPage };

// The dialog and what it asks the server come with the first opening (or a pointer over the button): the
// button is on every console page, the dialog only when asked for.
const loadDialog = () => import('./console-search-dialog');
const ConsoleSearchDialog = lazy(loadDialog);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Ctrl-K, or ⌘-K on a Mac, alone (no Shift, no Alt). */
const isShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/**
 * The console's search (issue 29 §1): a button in the console's header, on a phone and a laptop, and Ctrl-K /
 * ⌘-K from any console page. It opens a dialog that finds the pages among `pages` (those the staff member may
 * open) and the records the server finds for them.
 */
export function ConsoleSearch({ pages, className }: { pages: readonly SearchPage[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      // Another dialog on screen (a confirmation, a form) keeps the keyboard.
      if (!open && document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      setOpened(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-xl border border-ink-200 bg-white px-3 text-sm font-semibold text-ink-800 hover:bg-ink-50 lg:min-h-9',
          className,
        )}
      >
        <Search className="size-4" aria-hidden="true" />
        {searchText.button}
        <kbd aria-hidden="true" className="hidden rounded-md border border-ink-200 bg-ink-50 px-1.5 font-sans text-xs font-medium text-ink-500 sm:inline">
          {isMac() ? searchText.shortcut.mac : searchText.shortcut.other}
        </kbd>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ConsoleSearchDialog open={open} onOpenChange={setOpen} pages={pages} />
        </Suspense>
      ) : null}
    </>
  );
}
