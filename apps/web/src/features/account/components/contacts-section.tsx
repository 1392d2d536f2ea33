import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import { MAX_EMERGENCY_CONTACTS } from '@openride/shared/account/schemas';
import { formatPhoneInput } from '@openride/shared/phone';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { type AccountView, useAddContact, useRemoveContact } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.contacts;

/** Up to 3 people texted when SOS is used (issue 15); the server refuses a fourth. */
export function ContactsSection({ account }: { account: AccountView }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [relationship, setRelationship] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const add = useAddContact();
  const remove = useRemoveContact();
  const contacts = account.emergency_contacts;
  const full = contacts.length >= MAX_EMERGENCY_CONTACTS;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const who = name.trim();
    add.mutate(
      { name: who, phone, relationship: relationship.trim() || null },
      {
        onSuccess: () => {
          setName('');
          setPhone('');
          setRelationship('');
          setOutcome({ tone: 'success', text: text.added(who) });
        },
        onError: (e) => setOutcome(failure(e)),
      },
    );
  };

  return (
    <Section title={text.heading} description={text.intro} testId="emergency-contacts">
      {contacts.length === 0 ? (
        <p className="text-sm text-ink-600">{text.empty}</p>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
          {contacts.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium text-ink-900">{c.name}</p>
                <p className="truncate text-ink-600">
                  {formatPhoneInput(c.phone)}
                  {c.relationship ? ` · ${c.relationship}` : ''}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={text.remove(c.name)}
                disabled={remove.isPending}
                onClick={() => {
                  setOutcome(null);
                  remove.mutate(c.id, { onSuccess: () => setOutcome({ tone: 'success', text: text.removed(c.name) }), onError: (e) => setOutcome(failure(e)) });
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-ink-600">{text.full}</p>
      ) : (
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-3">
          <Field label={text.name} name="contact_name" autoComplete="off" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          <Field
            label={text.phone}
            name="contact_phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            value={phone}
            onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
          />
          <Field
            label={text.relationship}
            name="contact_relationship"
            autoComplete="off"
            maxLength={60}
            value={relationship}
            onChange={(e) => setRelationship(e.target.value)}
          />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? text.adding : text.add}
            </Button>
          </div>
        </form>
      )}
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
