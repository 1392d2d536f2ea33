import { TOAST_DURATION_MS } from '@openride/shared/constants';
import { uiText } from '@openride/shared/ui-text';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/** The built-in toaster (§9: one visible, 5000 ms). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS}>
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <Toast key={id} variant={variant} className={variant === 'destructive' ? 'destructive' : undefined} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={uiText.a11y.toastRegion} />
    </ToastProvider>
  );
}
