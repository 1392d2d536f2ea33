import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { emailSchema, passwordSchema } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Field } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api';
import { paths } from '@/config/paths';
import { useConfirmAdminReset, useRequestAdminReset } from '../api/admin-password-reset';
import { PasswordField } from './password-field';

const text = uiText.adminReset;

/** The server's words for a refusal it explains (a spent link, a weak password); ours for a lost request. */
function errorText(error: unknown): string {
  return isApiError(error) && error.status < 500 && error.message ? error.message : text.failed;
}

/**
 * /reset-admin-password: without a token, ask for a link by email; with the link's ?token=, set the new
 * password. Errors show under the button that failed and clear when the input changes.
 */
export function ResetAdminPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const title = uiText.pages.resetAdminPassword.title;
  return (
    <PageContainer className="max-w-lg">
      <PageHeading title={title} description={token ? undefined : text.intro} />
      {token ? <SetPasswordForm token={token} /> : <RequestLinkForm />}
    </PageContainer>
  );
}

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const request = useRequestAdminReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? messages.errors.validation.title);
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-2xl bg-brand-50 p-4 text-sm text-ink-900 ring-1 ring-brand-500/30">
        {text.sent}
      </p>
    );
  }
  const error = invalid ?? (request.isError ? errorText(request.error) : null);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={text.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setEmail(e.target.value);
          setInvalid(null);
          request.reset();
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? uiText.auth.submitting : text.send}
      </Button>
      <MutationError error={error}>{error}</MutationError>
    </form>
  );
}

function SetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const confirm = useConfirmAdminReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? messages.errors.validation.title);
    confirm.mutate({ token, password: parsed.data });
  };

  if (confirm.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-2xl bg-brand-50 p-4 text-sm text-ink-900 ring-1 ring-brand-500/30">
          {text.done}
        </p>
        <Link to={paths.auth} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {text.signIn}
        </Link>
      </div>
    );
  }
  const error = invalid ?? (confirm.isError ? errorText(confirm.error) : null);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-ink-900">{text.setTitle}</h2>
      <PasswordField
        label={uiText.auth.newPassword}
        name="new-password"
        autoComplete="new-password"
        required
        hint={messages.auth.passwordHint}
        value={password}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setPassword(e.target.value);
          setInvalid(null);
          confirm.reset();
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? uiText.auth.submitting : text.submit}
      </Button>
      <MutationError error={error}>{error}</MutationError>
    </form>
  );
}
