import { useState, type FormEvent } from 'react';
import { accountText } from '@openride/shared/account/account-text';
import { formatPhoneInput } from '@openride/shared/phone';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { type AccountView, useChangePhone, useSendPhoneCode } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.phone;

/** A new number gets a one-time code; the phone changes only when that code is entered. */
export function PhoneSection({ account }: { account: AccountView }) {
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendPhoneCode();
  const change = useChangePhone();

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    send.mutate(phone, {
      onSuccess: () => {
        setSentTo(phone);
        setCode('');
        setOutcome({ tone: 'success', text: text.codeSent(phone) });
      },
      onError: (e) => setOutcome(failure(e)),
    });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setOutcome(null);
    change.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          setSentTo(null);
          setPhone('');
          setCode('');
          setOutcome({ tone: 'success', text: text.changed });
        },
        onError: (e) => setOutcome(failure(e)),
      },
    );
  };

  return (
    <Section title={text.heading}>
      <p className="text-sm text-ink-700">
        <span className="font-medium text-ink-900">{text.current}: </span>
        <span data-testid="current-phone">{account.phone ? formatPhoneInput(account.phone) : text.none}</span>
        {account.phone ? (
          <span className="ml-2 rounded-full bg-ink-100 px-2 py-0.5 text-xs text-ink-700">{account.phone_verified ? text.verified : text.unverified}</span>
        ) : null}
      </p>
      {sentTo === null ? (
        <form onSubmit={onSend} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label={text.newNumber}
            name="new_phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            value={phone}
            onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
            className="flex-1"
          />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? text.sending : text.sendCode}
          </Button>
        </form>
      ) : (
        <form onSubmit={onVerify} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label={text.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            className="flex-1"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? text.verifying : text.verify}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setSentTo(null);
                setOutcome(null);
              }}
            >
              {text.startOver}
            </Button>
          </div>
        </form>
      )}
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
