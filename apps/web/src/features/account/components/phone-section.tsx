import { useState } from 'react';
import { accountText } from '@openride/shared/account/account-text';
import { phoneChangeCodeSchema } from '@openride/shared/account/schemas';
import { otpCodeSchema } from '@openride/shared/otp/schemas';
import { z } from 'zod';
import { useAppConfig } from '@/lib/app-config';
import { formatPhone, formatTypedPhone, isPhoneCountry, US } from '@openride/shared/phone';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { type AccountView, useChangePhone, useSendPhoneCode } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.phone;
/** The code alone: the number is the one it was sent to. */
const codeForm = z.object({ code: otpCodeSchema });

/** A new number gets a one-time code; the phone changes only when that code is entered. */
export function PhoneSection({ account }: { account: AccountView }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendPhoneCode();
  const change = useChangePhone();
  // Checked as a number of the deployment's country (the server reads it so too, decision 0094); `+…` is any country's.
  const configured = useAppConfig().data?.default_country;
  const country = isPhoneCountry(configured) ? configured : US;
  const phoneForm = useZodForm(phoneChangeCodeSchema, { defaultValues: { phone: '', country } });
  const verifyForm = useZodForm(codeForm, { defaultValues: { code: '' } });

  const onSend = ({ phone }: { phone: string }) => {
    setOutcome(null);
    send.mutate(phone, {
      onSuccess: () => {
        setSentTo(phone);
        verifyForm.reset();
        setOutcome({ tone: 'success', text: text.codeSent(phone) });
      },
      onError: (e) => setOutcome(failure(e)),
    });
  };

  const onVerify = ({ code }: { code: string }) => {
    if (!sentTo) return;
    setOutcome(null);
    change.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          setSentTo(null);
          phoneForm.reset();
          verifyForm.reset();
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
        <span data-testid="current-phone">{account.phone ? formatPhone(account.phone) : text.none}</span>
        {account.phone ? (
          <span className="ml-2 rounded-full bg-ink-100 px-2 py-0.5 text-xs text-ink-700">{account.phone_verified ? text.verified : text.unverified}</span>
        ) : null}
      </p>
      {sentTo === null ? (
        <Form form={phoneForm} onSubmit={onSend} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            name="phone"
            label={text.newNumber}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            onChangeCapture={(e) => (e.currentTarget.value = formatTypedPhone(e.currentTarget.value, country))}
            className="flex-1"
          />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? text.sending : text.sendCode}
          </Button>
        </Form>
      ) : (
        <Form form={verifyForm} onSubmit={onVerify} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            name="code"
            label={text.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            onChangeCapture={(e) => (e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
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
        </Form>
      )}
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
