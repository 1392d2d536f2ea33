import { useEffect, useEffectEvent, type RefObject } from 'react';

type Refs = RefObject<HTMLElement | null> | Array<RefObject<HTMLElement | null>>;

/**
 * Closes a popover on a pointer press outside `inside` (one element, or several, e.g. a trigger and the
 * panel it opens elsewhere in the DOM) or on Escape, after which focus returns to `returnFocus`.
 */
export function useDismiss(inside: Refs, open: boolean, onDismiss: () => void, returnFocus?: RefObject<HTMLElement | null>) {
  const dismiss = useEffectEvent(onDismiss);
  const isInside = useEffectEvent((target: Node) => (Array.isArray(inside) ? inside : [inside]).some((ref) => ref.current?.contains(target)));
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target as Node)) dismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dismiss();
      returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, returnFocus]);
}
