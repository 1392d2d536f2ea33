import { useEffect } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { contactSchema, TICKET_CATEGORIES } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { useMe } from '@/lib/session';
import { useSendContact } from '../api/tickets';
import { MutationError } from '@/components/ui/query-view';

const text = supportText.contact;

/**
 * /contact (decision 0055): a form anyone may send; it becomes a support ticket, answered by email. The
 * server's schema is the form's rules (the kit's form: every message beside its field, issue 27 §13).
 */
export function ContactPage() {
  const me = useMe();
  const send = useSendContact();
  const form = useZodForm(contactSchema, { defaultValues: { name: '', email: '', category: 'other', message: '' } });
  const signedIn = Boolean(me.data);
  const user = me.data?.user;

  // A signed-in user's name and address, unless they already typed their own.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name')) form.setValue('name', user.name ?? '');
    if (!form.getValues('email')) form.setValue('email', user.email ?? '');
  }, [user, form]);

  return (
    <PageContainer className="max-w-2xl">
      <PageHeading title={text.title} description={text.description} />
      {send.data ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink-900">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <p>{text.thanks(send.data.number)}</p>
        </div>
      ) : (
        <Form form={form} onSubmit={(values) => send.mutate(values)} className="space-y-4" aria-label={text.title}>
          {signedIn ? <p className="text-sm text-ink-600">{text.signedIn}</p> : null}
          <FormField name="name" label={text.name} autoComplete="name" maxLength={100} />
          <FormField name="email" label={text.email} type="email" autoComplete="email" maxLength={254} />
          <FormField name="category" as="select" label={text.category}>
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {supportText.categories[c]}
              </option>
            ))}
          </FormField>
          <FormField name="message" as="textarea" label={text.message} rows={6} maxLength={4000} />
          <MutationError error={send.error} fallback={text.sendFailed} />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? text.sending : text.submit}
          </Button>
        </Form>
      )}
    </PageContainer>
  );
}
