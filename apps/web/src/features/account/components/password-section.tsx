import { useState, type FormEvent } from 'react';
import { accountText } from '@openride/shared/account/account-text';
import { passwordSchema } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useChangePassword } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.password;

/** Current and new password; a leaked or weak new one is refused with the sign-up's words. */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = passwordSchema.safeParse(next);
    if (!parsed.success) {
      setOutcome({ tone: 'error', text: parsed.error.issues[0]?.message ?? messages.auth.passwordHint });
      return;
    }
    change.mutate(
      { current_password: current, new_password: parsed.data },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setOutcome({ tone: 'success', text: text.changed });
        },
        onError: (e) => setOutcome(failure(e)),
      },
    );
  };

  return (
    <Section title={text.heading}>
      <form onSubmit={onSubmit} className="space-y-3">
        <Field
          label={text.current}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label={text.next}
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint={messages.auth.passwordHint}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? text.changing : text.change}
        </Button>
      </form>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
