import { type FormEvent, useId, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { TicketCategory } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { isApiError } from '@/lib/api';
import { useMe } from '@/lib/session';
import { useSendContact } from '../api/tickets';
import { CategorySelect, textareaClasses } from './ticket-bits';

const text = supportText.contact;

/** /contact (decision 0055): a form anyone may send; it becomes a support ticket, answered by email. */
export function ContactPage() {
  const me = useMe();
  const send = useSendContact();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [category, setCategory] = useState<TicketCategory>('other');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { category: useId(), message: useId() };
  const signedIn = Boolean(me.data);
  const nameValue = name || (signedIn ? (me.data?.user.name ?? '') : '');
  const emailValue = email || (signedIn ? (me.data?.user.email ?? '') : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!nameValue.trim()) return setError('Tell us your name.');
    if (!/^\S+@\S+\.\S+$/.test(emailValue.trim())) return setError('Enter a valid email address.');
    if (!message.trim()) return setError('Write a message.');
    setError(null);
    send.mutate({ name: nameValue.trim(), email: emailValue.trim(), category, message: message.trim() }, { onError: (err) => setError(isApiError(err) ? err.message : 'Could not send. Try again.') });
  };

  return (
    <PageContainer className="max-w-2xl">
      <PageHeading title={text.title} description={text.description} />
      {send.data ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink-900">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <p>{text.thanks(send.data.number)}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={text.title}>
          {signedIn ? <p className="text-sm text-ink-600">{text.signedIn}</p> : null}
          <Field label={text.name} autoComplete="name" value={nameValue} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          <Field label={text.email} type="email" autoComplete="email" value={emailValue} onChange={(e) => setEmail(e.target.value)} maxLength={254} required />
          <CategorySelect id={ids.category} label={text.category} value={category} onChange={setCategory} />
          <div className="space-y-1.5">
            <label htmlFor={ids.message} className="block text-sm font-medium text-ink-800">
              {text.message}
            </label>
            <textarea id={ids.message} rows={6} maxLength={4000} className={textareaClasses} value={message} onChange={(e) => setMessage(e.target.value)} required />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? text.sending : text.submit}
          </Button>
        </form>
      )}
    </PageContainer>
  );
}
