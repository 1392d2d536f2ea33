import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { legalText } from '@openride/shared/legal/legal-text';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import { normalizeReferralCode, REFERRAL_CODE_PATTERN } from '@openride/shared/referrals/schemas';
import { signUpSchema } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/use-toast';
import { authFailure } from '../api/auth-errors';
import { authWithRateLimit } from '../api/auth-with-rate-limit';
import { checkPhoneConflict } from '../api/check-phone-conflict';
import { PasswordField } from './password-field';

/**
 * The legal feature's, passed by the route: reads the versions in force when the form is sent and returns
 * the call that records the agreement once the account exists (decision 0057).
 */
export type AgreeToLegal = () => Promise<() => Promise<void>>;

/** The referrals feature's claim, passed by the route: attaches a referral code once the account exists (decision 0064). */
export type ClaimReferral = (code: string) => Promise<unknown>;

type SignUpFormProps = {
  agreeToLegal: AgreeToLegal;
  /** Claims the referral code typed (or pre-filled from `/auth?ref=CODE`); without it the field is not shown. */
  claimReferral?: ClaimReferral;
  initialReferralCode?: string;
  /** The sign-up returned a session: the screen shows the completion step (or continues to returnTo). */
  onSignedUp: () => Promise<void> | void;
  /** Switch to the Sign In tab, carrying the email over. */
  onSignInInstead: (email: string) => void;
};

const { errors, success } = messages;

export function SignUpForm({ onSignedUp, onSignInInstead, agreeToLegal, claimReferral, initialReferralCode = '' }: SignUpFormProps) {
  const agreementId = useId();
  const [agreed, setAgreed] = useState(false);
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [referralCode, setReferralCode] = useState(initialReferralCode);
  const [submitting, setSubmitting] = useState(false);

  /**
   * §5 order: blank name, blank phone (Missing Information), then the schema's first message (Validation
   * Error), then the phone conflict check, then sign-up. The schema runs before the conflict check so a
   * form that cannot be sent anyway never asks the server about a phone number.
   */
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fullName.trim()) {
      toast({ variant: 'destructive', title: errors.missingInformation.title, description: errors.missingInformation.fullName });
      return;
    }
    if (!phone.trim()) {
      toast({ variant: 'destructive', title: errors.missingInformation.title, description: errors.missingInformation.phone });
      return;
    }
    const parsed = signUpSchema.safeParse({ full_name: fullName, phone, email: email.trim(), password });
    if (!parsed.success) {
      toast({ variant: 'destructive', title: errors.validation.title, description: parsed.error.issues[0]?.message });
      return;
    }
    const input = parsed.data;
    if (!agreed) {
      toast({ variant: 'destructive', title: errors.validation.title, description: legalText.agreementRequired });
      return;
    }
    const code = normalizeReferralCode(referralCode);
    if (code && !REFERRAL_CODE_PATTERN.test(code)) {
      toast({ variant: 'destructive', title: errors.validation.title, description: referralsText.signUp.invalid });
      return;
    }

    setSubmitting(true);
    try {
      // No one is signed in on this form, so there is no user of our own to exclude.
      const conflict = await checkPhoneConflict(input.phone, null);
      if (conflict) {
        toast({ variant: 'destructive', title: errors.phoneInUse.title, description: conflict });
        return;
      }
      const recordAgreement = await agreeToLegal();
      const response = await authWithRateLimit({
        action: 'signup',
        email: input.email,
        password: input.password,
        options: { data: { full_name: input.full_name, phone: input.phone } },
      });
      if (response.error || response.rateLimited || response.passwordLeaked) {
        const failure = authFailure('signup', response);
        toast({ variant: 'destructive', title: failure.title, description: failure.description });
        if (failure.switchToSignIn) onSignInInstead(input.email);
        return;
      }
      if (response.data?.session) {
        await recordAgreement();
        // A refused code (their own, unknown) never fails the sign-up: the account exists; say why.
        if (code && claimReferral) {
          await claimReferral(code).catch((error: unknown) =>
            toast({ variant: 'destructive', title: referralsText.signUp.claimFailed, description: error instanceof Error ? error.message : undefined }),
          );
        }
        toast({ title: success.welcome.title, description: success.welcome.text });
        await onSignedUp();
        return;
      }
      // §4: a sign-up without a session means email confirmation is pending.
      toast({ title: success.checkEmailConfirm.title, description: success.checkEmailConfirm.text });
      onSignInInstead(input.email);
    } catch {
      toast({ variant: 'destructive', title: errors.signUpFailed.title, description: errors.signUpFailed.text });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <fieldset disabled={submitting} className="space-y-4">
        <Field label={uiText.auth.fullName} name="full_name" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} />
        <Field
          label={uiText.auth.phoneNumber}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Field
          label={uiText.auth.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label={uiText.auth.password}
          name="password"
          autoComplete="new-password"
          required
          disabled={submitting}
          hint={messages.auth.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {claimReferral ? (
          <Field
            label={referralsText.signUp.label}
            name="referral_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            hint={referralsText.signUp.hint}
            value={referralCode}
            onChange={(e) => setReferralCode(e.target.value)}
          />
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={agreementId}
            type="checkbox"
            name="accept_legal"
            // Required, but refused by the form's own check (the Validation Error toast with its words), as every
            // other refusal on /auth, never by the browser's tooltip (issue 27).
            aria-required="true"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="mt-0.5 size-5 shrink-0 rounded border-ink-300 accent-brand-600"
          />
          <label htmlFor={agreementId} className="text-sm text-ink-700">
            {legalText.agreement.before}
            <Link to={`${paths.legal}#terms`} target="_blank" className="font-semibold text-brand-700 underline">
              {legalText.agreement.terms}
            </Link>
            {legalText.agreement.and}
            <Link to={`${paths.legal}#privacy`} target="_blank" className="font-semibold text-brand-700 underline">
              {legalText.agreement.privacy}
            </Link>
            {legalText.agreement.after}
          </label>
        </div>
        <Button type="submit" size="lg" className="w-full">
          {submitting ? uiText.auth.submitting : uiText.auth.signUpSubmit}
        </Button>
      </fieldset>
      <p className="text-center text-sm text-ink-600">
        <button type="button" onClick={() => onSignInInstead(email.trim())} className="min-h-11 px-2 font-semibold text-brand-700 hover:underline">
          {messages.auth.signInInstead}
        </button>
      </p>
    </form>
  );
}
