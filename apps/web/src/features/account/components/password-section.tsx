import { useState } from 'react';
import { accountText } from '@openride/shared/account/account-text';
import { passwordChangeSchema } from '@openride/shared/account/schemas';
import { messages } from '@openride/shared/messages';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { useChangePassword } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.password;

/** Current and new password; a leaked or weak new one is refused with the sign-up's words. */
export function PasswordSection() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = useChangePassword();
  const form = useZodForm(passwordChangeSchema, { defaultValues: { current_password: '', new_password: '' } });

  const onSubmit = (values: { current_password: string; new_password: string }) => {
    setOutcome(null);
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        setOutcome({ tone: 'success', text: text.changed });
      },
      onError: (e) => setOutcome(failure(e)),
    });
  };

  return (
    <Section title={text.heading}>
      <Form form={form} onSubmit={onSubmit} className="space-y-3">
        <FormField name="current_password" label={text.current} type="password" autoComplete="current-password" required />
        <FormField name="new_password" label={text.next} type="password" autoComplete="new-password" required hint={messages.auth.passwordHint} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? text.changing : text.change}
        </Button>
      </Form>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
