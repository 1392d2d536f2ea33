import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth-client';
import { authFailure } from '../api/auth-errors';
import { authWithRateLimit } from '../api/auth-with-rate-limit';
import { PasswordField } from './password-field';

type SignInFormProps = {
  initialEmail?: string;
  onAuthenticated: () => Promise<void>;
};

export function SignInForm({ initialEmail = '', onAuthenticated }: SignInFormProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const response = await authWithRateLimit({ action: 'signin', email: email.trim(), password });
      if (response.error || response.rateLimited || response.passwordLeaked) {
        const failure = authFailure('signin', response);
        toast({ variant: 'destructive', title: failure.title, description: failure.description });
        return;
      }
      toast({ title: messages.success.welcomeBack.title });
      await onAuthenticated();
    } catch {
      toast({ variant: 'destructive', title: messages.errors.signInFailed.title, description: messages.errors.signInFailed.text });
    } finally {
      setSubmitting(false);
    }
  };

  const onForgotPassword = async () => {
    const address = email.trim();
    if (!address) {
      toast({ variant: 'destructive', title: messages.errors.emailRequired.title, description: messages.errors.emailRequired.text });
      return;
    }
    setSendingReset(true);
    try {
      const { error } = await authClient.requestPasswordReset({ email: address, redirectTo: paths.auth });
      if (error) {
        toast({ variant: 'destructive', title: messages.errors.error.title, description: error.message || messages.errors.error.unexpected });
        return;
      }
      toast({ title: messages.success.checkEmailReset.title, description: uiText.auth.resetEmailSent });
    } catch {
      toast({ variant: 'destructive', title: messages.errors.error.title, description: messages.errors.error.unexpected });
    } finally {
      setSendingReset(false);
    }
  };

  const busy = submitting || sendingReset;

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <fieldset disabled={busy} className="space-y-4">
        <Field
          label={uiText.auth.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="space-y-1.5">
          <PasswordField
            label={uiText.auth.password}
            name="password"
            autoComplete="current-password"
            required
            disabled={busy}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex justify-end">
            <button type="button" onClick={onForgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              {messages.auth.forgotPassword}
            </button>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full">
          {submitting ? uiText.auth.submitting : uiText.auth.signInSubmit}
        </Button>
      </fieldset>
      <div className="border-t border-ink-100 pt-5">
        <Button variant="outline" size="lg" className="w-full" onClick={() => navigate(paths.driver)} disabled={busy}>
          {messages.auth.becomeDriver}
        </Button>
      </div>
    </form>
  );
}
