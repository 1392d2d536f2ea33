import { Toaster as Sonner } from 'sonner';
import { SONNER_DURATION_MS, SONNER_VISIBLE_TOASTS } from '@openride/shared/constants';

/** The second toaster (§9: three visible, 1000 ms). */
export function SonnerToaster() {
  return <Sonner visibleToasts={SONNER_VISIBLE_TOASTS} duration={SONNER_DURATION_MS} position="top-center" richColors closeButton={false} />;
}
