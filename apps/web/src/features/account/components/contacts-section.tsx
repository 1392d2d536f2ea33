import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import { emergencyContactSchema, MAX_EMERGENCY_CONTACTS } from '@openride/shared/account/schemas';
import { formatPhone, formatTypedPhone, isPhoneCountry, US } from '@openride/shared/phone';
import { useAppConfig } from '@/lib/app-config';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { type AccountView, useAddContact, useRemoveContact } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.contacts;

/** Up to 3 people texted when SOS is used (issue 15); the server refuses a fourth. */
export function ContactsSection({ account }: { account: AccountView }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const add = useAddContact();
  const remove = useRemoveContact();
  const contacts = account.emergency_contacts;
  const full = contacts.length >= MAX_EMERGENCY_CONTACTS;
  // A number of the deployment's country, or `+…` of any (decision 0094); the server reads it the same way.
  const configured = useAppConfig().data?.default_country;
  const country = isPhoneCountry(configured) ? configured : US;
  const form = useZodForm(emergencyContactSchema, { defaultValues: { name: '', phone: '', country, relationship: '' } });

  const onSubmit = ({ name, phone, relationship }: { name: string; phone: string; relationship?: string | null }) => {
    setOutcome(null);
    add.mutate(
      { name, phone, relationship: relationship || null },
      {
        onSuccess: () => {
          form.reset();
          setOutcome({ tone: 'success', text: text.added(name) });
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
                  {formatPhone(c.phone)}
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
        <Form form={form} onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-3">
          <FormField name="name" label={text.name} autoComplete="off" required maxLength={100} />
          <FormField
            name="phone"
            label={text.phone}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            onChangeCapture={(e) => (e.currentTarget.value = formatTypedPhone(e.currentTarget.value, country))}
          />
          <FormField name="relationship" label={text.relationship} autoComplete="off" maxLength={60} />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? text.adding : text.add}
            </Button>
          </div>
        </Form>
      )}
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
