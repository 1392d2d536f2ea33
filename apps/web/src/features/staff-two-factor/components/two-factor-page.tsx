import { twoFactorCodeSchema, type TwoFactorEnrolment, type TwoFactorStatus } from '@openride/shared/admin/two-factor';
import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import { messages } from '@openride/shared/messages';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/session';
import { useConfirmEnrolment, useStartEnrolment, useTwoFactorStatus, useVerifySecondFactor } from '../api/two-factor';

const text = twoFactorText.page;

/** Where to go once done: `?next=` when it is an address of this site, else the console's (or home). */
function nextOf(next: string | null, fallback: string): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}

/**
 * /staff-2fa (issue 29 §4, decision 0090): a staff member's two-factor sign-in. Not set up: the QR code and
 * the key for an authenticator app, a code to confirm, then the recovery codes, shown this once. Set up and
 * this session not confirmed: the code (or a recovery code). The console's guards send staff here first,
 * with `?next=` the page they asked for.
 */
export function TwoFactorPage() {
  const me = useMe();
  const user = me.data?.user;
  const status = useTwoFactorStatus(user?.id);
  const [params] = useSearchParams();
  const next = nextOf(params.get('next'), me.data?.adminPath ?? paths.home);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading title={text.title} />
      {codes && user ? (
        <RecoveryCodes codes={codes} email={user.email} next={next} />
      ) : (
        <QueryView query={status} loadFailed={text.loadFailed}>
          {(state) => <TwoFactorState state={state} userId={user?.id ?? ''} next={next} onEnrolled={setCodes} />}
        </QueryView>
      )}
    </PageContainer>
  );
}

function TwoFactorState({
  state,
  userId,
  next,
  onEnrolled,
}: {
  state: TwoFactorStatus;
  userId: string;
  next: string;
  onEnrolled: (codes: readonly string[]) => void;
}) {
  if (!state.staff) return <p className="text-ink-700">{text.notStaff}</p>;
  if (!state.enrolled) return <Enrolment required={state.required} userId={userId} onEnrolled={onEnrolled} />;
  if (!state.verified) return <Verification userId={userId} next={next} />;
  return (
    <SectionCard id="two-factor-on" title={text.doneTitle}>
      <p role="status" className="mb-4 text-sm text-ink-700">
        {text.doneIntro(state.recovery_codes_left ?? 0)}
      </p>
      <Link to={next} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
        {text.toConsole}
      </Link>
    </SectionCard>
  );
}

/** Not set up: why, then the QR code and the key, then the code that turns it on. */
function Enrolment({ required, userId, onEnrolled }: { required: boolean; userId: string; onEnrolled: (codes: readonly string[]) => void }) {
  const start = useStartEnrolment();
  return (
    <div className="space-y-6">
      <SectionCard id="two-factor-setup" title={text.enrolTitle}>
        <p className="text-sm text-ink-700">{required ? text.requiredIntro : text.optionalIntro}</p>
        <p className="mt-2 text-sm text-ink-700">{text.enrolIntro}</p>
        {start.data ? null : (
          <div className="mt-4 space-y-3">
            <MutationError error={start.error} fallback={text.startFailed} />
            <Button onClick={() => start.mutate()} disabled={start.isPending} className="w-full sm:w-auto">
              {start.isPending ? text.starting : text.start}
            </Button>
          </div>
        )}
      </SectionCard>
      {start.data ? <EnrolmentSteps enrolment={start.data} userId={userId} onEnrolled={onEnrolled} /> : null}
    </div>
  );
}

function EnrolmentSteps({ enrolment, userId, onEnrolled }: { enrolment: TwoFactorEnrolment; userId: string; onEnrolled: (codes: readonly string[]) => void }) {
  const confirm = useConfirmEnrolment(userId);
  const form = useZodForm(twoFactorCodeSchema, { defaultValues: { code: '' } });
  // The key in groups of four, as apps show theirs: easier to type, and spaces are ignored when typed in.
  const grouped = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <>
      <SectionCard id="two-factor-scan" title={text.step1}>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <img src={enrolment.qr_code} alt={text.qrAlt} width={208} height={208} className="size-52 shrink-0 rounded-xl border border-ink-200 bg-white" />
          <div className="w-full min-w-0 space-y-2">
            <p className="text-sm text-ink-700">{text.step1Manual}</p>
            <p className="text-xs font-medium text-ink-500">{text.secretLabel}</p>
            <code data-testid="two-factor-secret" className="block rounded-lg bg-ink-50 p-3 font-mono text-base tracking-wider break-all text-ink-900">
              {grouped}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copy(enrolment.secret)} className="w-full sm:w-auto">
              {text.copyKey}
            </Button>
          </div>
        </div>
      </SectionCard>
      <SectionCard id="two-factor-confirm" title={text.step2}>
        <Form form={form} onSubmit={({ code }) => confirm.mutate(code, { onSuccess: (data) => onEnrolled(data.recovery_codes) })} className="space-y-4">
          <FormField
            name="code"
            label={twoFactorText.form.codeLabel}
            hint={twoFactorText.form.enrolCodeHint}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            className="max-w-xs"
          />
          <MutationError error={confirm.error} fallback={text.confirmFailed} />
          <Button type="submit" disabled={confirm.isPending} className="w-full sm:w-auto">
            {confirm.isPending ? text.confirming : text.confirm}
          </Button>
        </Form>
      </SectionCard>
    </>
  );
}

/** Set up, this session not confirmed: the code from the app, or a recovery code. */
function Verification({ userId, next }: { userId: string; next: string }) {
  const verify = useVerifySecondFactor(userId);
  const navigate = useNavigate();
  const form = useZodForm(twoFactorCodeSchema, { defaultValues: { code: '' } });
  const used = verify.data?.recovery_code_used ? verify.data : null;
  if (used) {
    // A recovery code is gone: say how many are left before going on (none left: ask an owner for a reset).
    return (
      <SectionCard id="two-factor-verified" title={text.doneTitle}>
        <p role="status" className="mb-4 text-sm text-ink-700">
          {text.recoveryUsed(used.recovery_codes_left)}
        </p>
        <Link to={next} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          {text.toConsole}
        </Link>
      </SectionCard>
    );
  }
  return (
    <SectionCard id="two-factor-verify" title={text.verifyTitle} hint={text.verifyIntro}>
      <Form
        form={form}
        onSubmit={({ code }) =>
          verify.mutate(code, {
            onSuccess: (data) => {
              if (!data.recovery_code_used) navigate(next, { replace: true });
            },
          })
        }
        className="space-y-4"
      >
        <FormField
          name="code"
          label={twoFactorText.form.codeLabel}
          hint={twoFactorText.form.codeHint}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className="max-w-xs"
        />
        <MutationError error={verify.error} fallback={text.verifyFailed} />
        <Button type="submit" disabled={verify.isPending} className="w-full sm:w-auto">
          {verify.isPending ? text.verifying : text.verify}
        </Button>
        <p className="text-sm text-ink-600">{text.useRecovery}</p>
      </Form>
    </SectionCard>
  );
}

/** The recovery codes, this once: copy them, download them, then go on. */
function RecoveryCodes({ codes, email, next }: { codes: readonly string[]; email: string; next: string }) {
  const download = () => {
    const body = [text.codesFileHeader(messages.app.name, email), '', ...codes, ''].join('\n');
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = text.codesFileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <SectionCard id="two-factor-codes" title={text.codesTitle} hint={text.codesIntro}>
      <ol aria-label={text.codesLabel} className="grid grid-cols-1 gap-2 rounded-xl bg-ink-50 p-4 font-mono text-base text-ink-900 min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy(codes.join('\n'))}>
          {text.copyCodes}
        </Button>
        <Button variant="outline" onClick={download}>
          {text.downloadCodes}
        </Button>
        <Link to={next} className={buttonClasses({ className: 'sm:ml-auto' })}>
          {text.savedThem}
        </Link>
      </div>
    </SectionCard>
  );
}

async function copy(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: text.copied });
  } catch {
    toast({ variant: 'destructive', title: text.copyFailed });
  }
}
