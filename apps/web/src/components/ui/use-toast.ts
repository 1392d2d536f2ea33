import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@openride/shared/constants';
import type { ToastVariant } from './toast';

/**
 * The shadcn toast store: module state + listeners, so `toast()` works from anywhere (event handlers,
 * mutation callbacks) without a hook. §9: one toast at a time; a dismissed toast is removed only after
 * TOAST_REMOVE_DELAY_MS, so its close animation and screen-reader announcement are never cut short.
 */
export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
};

export type ToasterToast = ToastOptions & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type State = { toasts: ToasterToast[] };

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

let count = 0;
const genId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  removeTimeouts.set(
    toastId,
    setTimeout(() => {
      removeTimeouts.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) queueRemoval(toastId);
      else state.toasts.forEach((t) => queueRemoval(t.id));
      return { toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)) };
    }
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener());
}

export function toast(options: ToastOptions) {
  const id = genId();
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  const update = (next: ToastOptions) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useToast() {
  const state = useSyncExternalStore(subscribe, () => memoryState);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
