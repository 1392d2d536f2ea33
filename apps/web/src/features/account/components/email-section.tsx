import { z } from 'zod';
import { accountText } from '@openride/shared/account/account-text';
import { emailChangeSchema } from '@openride/shared/account/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { type AccountView, useChangeEmail } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.email;

/** The server's schema, the address trimmed first (as it was typed, spaces and all). */
const emailForm = z.object({ email: z.string().trim().pipe(emailChangeSchema.shape.email) });

/** A link goes to the new address; the email changes when it is opened (landing back here with ?email=changed). */
export function EmailSection({ account, landed }: { account: AccountView; landed: Outcome }) {
  const [outcome, setOutcome] = useState<Outcome>(landed);
  const change = useChangeEmail();
  const form = useZodForm(emailForm, { defaultValues: { email: '' } });

  const onSubmit = ({ email }: { email: string }) => {
    setOutcome(null);
    change.mutate(email, {
      onSuccess: () => {
        form.reset();
        setOutcome({ tone: 'success', text: text.sent(email) });
      },
      onError: (e) => setOutcome(failure(e)),
    });
  };

  return (
    <Section title={text.heading}>
      <p className="text-sm break-all text-ink-700">
        <span className="font-medium text-ink-900">{text.current}: </span>
        {account.email}
      </p>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField name="email" label={text.newEmail} type="email" autoComplete="email" required className="flex-1" />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? text.sending : text.send}
        </Button>
      </Form>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
