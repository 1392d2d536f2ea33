import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { OTP_EXPIRY_SECONDS, OTP_LENGTH } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import { formatPhoneInput, isPhoneCountry, parsePhone, type PhoneCountry, phoneCountries, phoneDigits, phoneHint, US } from '@openride/shared/phone';
import { phoneText } from '@openride/shared/phone-text';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { useAppConfig } from '@/lib/app-config';
import { toast } from '@/components/ui/use-toast';
import { SendOtpError, sendOtp, verifyOtp } from '../api/otp';

const { errors, success } = messages;

/** §4: the countdown is shown as m:ss. */
const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Phone one-time-code flow: phone entry, then code entry (§4). */
export function PhoneForm({ onUseEmail, onVerified }: { onUseEmail: () => void; onVerified: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [expiresAt, setExpiresAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  // The deployment's country (DEFAULT_COUNTRY, decision 0094) unless the person picks another; US is §5's flow.
  const configured = useAppConfig().data?.default_country;
  const [picked, setPicked] = useState<PhoneCountry | null>(null);
  const country: PhoneCountry = picked ?? (isPhoneCountry(configured) ? configured : US);
  const deploymentCountry = isPhoneCountry(configured) ? configured : US;
  const countries = useMemo(() => phoneCountries(), []);
  const countryId = useId();

  /**
   * What the functions get as `phone`: §7's 10 digits for the US in a US deployment (the spec's body), else the
   * E.164 number, which names its country itself.
   */
  const phoneToSend = () => {
    const parsed = parsePhone(phone, country);
    if (!parsed.ok) return null;
    return country === US && deploymentCountry === US ? phoneDigits(phone) : parsed.e164;
  };

  const remaining = Math.max(0, Math.ceil((expiresAt - now) / 1000));

  useEffect(() => {
    if (step !== 'code') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);

  const requestCode = async () => {
    const parsed = parsePhone(phone, country);
    const toSend = phoneToSend();
    if (!parsed.ok || !toSend) {
      toast({ variant: 'destructive', title: errors.invalidPhone.title, description: parsed.ok ? errors.invalidPhone.text : parsed.error });
      return;
    }
    setBusy(true);
    try {
      await sendOtp(toSend);
      const sentAt = Date.now();
      setNow(sentAt);
      setExpiresAt(sentAt + OTP_EXPIRY_SECONDS * 1000);
      setCode('');
      setStep('code');
    } catch (error) {
      // §8 'Error': the function's message (a rate limit included) or 'Failed to send verification code';
      // anything unexpected (network down, unreadable answer) gets the generic text.
      const description = error instanceof SendOtpError ? error.message || errors.error.sendCodeFailed : errors.error.unexpected;
      toast({ variant: 'destructive', title: errors.error.title, description });
    } finally {
      setBusy(false);
    }
  };

  const onSendCode = (event: FormEvent) => {
    event.preventDefault();
    void requestCode();
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      toast({ variant: 'destructive', title: errors.invalidCode.title, description: errors.invalidCode.text });
      return;
    }
    setBusy(true);
    try {
      const result = await verifyOtp(phoneToSend() ?? phoneDigits(phone), code);
      if (!result.success) {
        toast({ variant: 'destructive', title: errors.verificationFailed.title, description: result.error || errors.verificationFailed.invalid });
        return;
      }
      toast({ title: success.phoneVerified.title, description: success.phoneVerified.text });
      onVerified();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : errors.verificationFailed.expired;
      toast({ variant: 'destructive', title: errors.verificationFailed.title, description: message });
    } finally {
      setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <form onSubmit={onVerify} className="space-y-5">
        <fieldset disabled={busy} className="space-y-4">
          <p className="text-sm text-ink-600">{uiText.auth.codeSentTo(phone)}</p>
          <Field
            label={uiText.auth.codeLabel}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d*"
            maxLength={OTP_LENGTH}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            className="[&_input]:text-center [&_input]:text-xl [&_input]:tracking-[0.5em]"
            hint={remaining > 0 ? uiText.auth.codeExpiresIn(formatCountdown(remaining)) : uiText.auth.codeExpired}
          />
          <Button type="submit" size="lg" className="w-full">
            {busy ? uiText.auth.submitting : uiText.auth.verifyCode}
          </Button>
          <div className="flex items-center justify-between gap-2">
            <Button variant="ghost" size="sm" onClick={() => setStep('phone')}>
              {messages.auth.changeNumber}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void requestCode()} disabled={remaining > 0}>
              {uiText.auth.resendCode}
            </Button>
          </div>
        </fieldset>
      </form>
    );
  }

  return (
    <form onSubmit={onSendCode} className="space-y-5">
      <p className="text-sm text-ink-600">{messages.auth.phoneIntro}</p>
      <fieldset disabled={busy} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={countryId} className="block text-sm font-medium text-ink-800">
            {phoneText.countryLabel}
          </label>
          <select
            id={countryId}
            name="country"
            autoComplete="tel-country-code"
            className={inputClasses}
            value={country}
            onChange={(e) => {
              const next = e.target.value;
              if (!isPhoneCountry(next)) return;
              setPicked(next);
              setPhone((typed) => formatPhoneInput(typed, next));
            }}
          >
            {countries.map((c) => (
              <option key={c.country} value={c.country}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={uiText.auth.phoneNumber}
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={country === US ? '(555) 123-4567' : undefined}
          required
          value={phone}
          onChange={(e) => setPhone(formatPhoneInput(e.target.value, country))}
          hint={phoneHint(country)}
        />
        <Button type="submit" size="lg" className="w-full">
          {busy ? uiText.auth.submitting : uiText.auth.sendCode}
        </Button>
      </fieldset>
      <p className="text-center text-sm">
        <button type="button" onClick={onUseEmail} className="font-semibold text-brand-700 hover:underline">
          {messages.auth.signInWithEmail}
        </button>
      </p>
    </form>
  );
}
