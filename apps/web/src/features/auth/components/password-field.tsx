import { useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { Field } from '@/components/ui/field';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: string; hint?: ReactNode };

/** A password input with a show/hide toggle that keeps its own accessible name in sync. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? uiText.a11y.hidePassword : uiText.a11y.showPassword}
          aria-pressed={visible}
          disabled={props.disabled}
          className="flex size-11 items-center justify-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-800"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      }
    />
  );
}
