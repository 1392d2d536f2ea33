import { useState, type FormEvent } from 'react';
import { accountText } from '@openride/shared/account/account-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { type AccountView, useChangeEmail } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.email;

/** A link goes to the new address; the email changes when it is opened (landing back here with ?email=changed). */
export function EmailSection({ account, landed }: { account: AccountView; landed: Outcome }) {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(landed);
  const change = useChangeEmail();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const to = email.trim();
    change.mutate(to, {
      onSuccess: () => {
        setEmail('');
        setOutcome({ tone: 'success', text: text.sent(to) });
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
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label={text.newEmail}
          name="new_email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? text.sending : text.send}
        </Button>
      </form>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
