import { useState, type FormEvent } from 'react';
import { passwordSchema } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { authClient } from '@/lib/auth-client';
import { PasswordField } from './password-field';

/** Landing of the password-reset link: better-auth redirects to /auth?token=… (or ?error=… when invalid). */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      toast({ variant: 'destructive', title: messages.errors.validation.title, description: parsed.error.issues[0]?.message });
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await authClient.resetPassword({ newPassword: parsed.data, token });
      if (error) {
        toast({ variant: 'destructive', title: messages.errors.error.title, description: error.message || uiText.auth.resetLinkInvalid });
        return;
      }
      toast({ title: uiText.auth.passwordUpdated.title, description: uiText.auth.passwordUpdated.text });
      onDone();
    } catch {
      toast({ variant: 'destructive', title: messages.errors.error.title, description: messages.errors.error.unexpected });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold text-ink-900">{uiText.auth.resetPasswordTitle}</h2>
      {token ? (
        <form onSubmit={onSubmit}>
          <fieldset disabled={submitting} className="space-y-4">
            <PasswordField
              label={uiText.auth.newPassword}
              name="new-password"
              autoComplete="new-password"
              required
              disabled={submitting}
              hint={messages.auth.passwordHint}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" size="lg" className="w-full">
              {submitting ? uiText.auth.submitting : uiText.auth.resetPasswordSubmit}
            </Button>
          </fieldset>
        </form>
      ) : (
        <div className="space-y-4">
          <Alert tone="box">{uiText.auth.resetLinkInvalid}</Alert>
          <Button variant="outline" size="lg" className="w-full" onClick={onDone}>
            {messages.auth.tabs.signin}
          </Button>
        </div>
      )}
    </div>
  );
}
