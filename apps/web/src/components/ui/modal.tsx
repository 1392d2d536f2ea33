import { type ComponentProps, type ReactNode, type RefObject, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** The first field a person types in: what a form dialog focuses when it opens. */
const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /**
   * false: Escape and a click outside do not close it; the person must choose one of its buttons (the
   * re-acceptance of changed terms). Default true.
   */
  dismissible?: boolean;
  /** 'dialog': a box in the middle of the screen. 'drawer': a full-height panel at the right edge, with a close button. */
  variant?: 'dialog' | 'drawer';
  /** The drawer's close button's name (default "Close"). */
  closeLabel?: string;
  /** Focus the first field when it opens (FormDialog); otherwise Radix focuses the first control. */
  focusFirstField?: boolean;
  /** Where focus goes on opening when there is no field to focus (ConfirmDialog: its Cancel, the safe choice). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * The kit's one modal (Radix Dialog) under FormDialog and the drawers: a title and description that name
 * it (aria-labelledby / aria-describedby), focus trapped inside, Escape and a click outside close it
 * (unless `dismissible={false}`), and focus goes back to the control that opened it. Its content is
 * mounted only while open, so what is typed in it starts afresh each time. Pages do not import Radix's
 * dialog themselves (eslint): they use ConfirmDialog, FormDialog or this.
 */
export function Modal({ open, onOpenChange, ...content }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={cn('fixed inset-0 z-50', content.variant === 'drawer' ? 'bg-ink-950/50' : 'bg-ink-950/60')} />
        {open ? <ModalContent {...content} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ModalContent({
  title,
  description,
  children,
  dismissible = true,
  variant = 'dialog',
  closeLabel = kitText.close,
  focusFirstField = false,
  initialFocus,
  className,
}: Omit<ModalProps, 'open' | 'onOpenChange'>) {
  const contentRef = useRef<HTMLDivElement>(null);
  // Rendered while the control that opened it still has focus: the one to give focus back to. (Radix
  // does this itself only for a Dialog.Trigger; our openers are table buttons and menu items.)
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const keep = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Content
      ref={contentRef}
      // No description: say so, or Radix warns that the dialog is not described.
      {...(description ? {} : { 'aria-describedby': undefined })}
      onEscapeKeyDown={keep}
      onPointerDownOutside={keep}
      onInteractOutside={keep}
      onOpenAutoFocus={(event) => {
        const target = (focusFirstField ? contentRef.current?.querySelector<HTMLElement>(FIELD) : null) ?? initialFocus?.current;
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
      onCloseAutoFocus={(event) => {
        // An opener that left the page with the change (a row that moved) cannot take focus back.
        if (opener?.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
      className={cn(
        'z-[51] bg-white shadow-2xl focus:outline-none',
        variant === 'drawer'
          ? 'fixed inset-y-0 right-0 flex w-full max-w-4xl flex-col'
          : 'fixed top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl p-6',
        className,
      )}
    >
      {variant === 'drawer' ? (
        <>
          <div className="flex items-start justify-between gap-3 border-b border-ink-200 p-4 sm:p-5">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-ink-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="text-sm text-ink-600">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label={closeLabel}>
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">{children}</div>
        </>
      ) : (
        <div className="space-y-4">
          <Dialog.Title className="text-lg font-semibold text-ink-900">{title}</Dialog.Title>
          {description ? <Dialog.Description className="text-sm text-ink-600">{description}</Dialog.Description> : null}
          {children}
        </div>
      )}
    </Dialog.Content>
  );
}

/** A button that closes the surrounding Modal (its Cancel). */
export function ModalClose({ children, ...props }: ComponentProps<typeof Button>) {
  return (
    <Dialog.Close asChild>
      <Button variant="outline" {...props}>
        {children}
      </Button>
    </Dialog.Close>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on a phone (the main one on top), in a row at the right from sm up. */
export function ModalActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:flex-wrap sm:justify-end', className)}>{children}</div>;
}
