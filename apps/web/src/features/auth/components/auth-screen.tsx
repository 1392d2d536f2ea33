import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Car, X } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageTitle } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { paths, safeReturnTo } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { useMe } from '@/lib/session';
import { type LoadDriver, usePostLoginRedirect } from '../hooks/use-post-login-redirect';
import { AlreadyLoggedIn } from './already-logged-in';
import { PhoneForm } from './phone-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpComplete } from './sign-up-complete';
import { type AgreeToLegal, type ClaimReferral, SignUpForm } from './sign-up-form';

type AuthTab = 'signin' | 'signup' | 'phone';

const tabItems = [
  { value: 'signin', label: messages.auth.tabs.signin },
  { value: 'signup', label: messages.auth.tabs.signup },
  { value: 'phone', label: messages.auth.tabs.phone },
] as const;

function Redirecting() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-3 border-ink-200 border-t-brand-500" />
      <p className="text-sm font-medium text-ink-600">{messages.auth.redirecting}</p>
    </div>
  );
}

/**
 * /auth: sign in, sign up, phone code; also the landing of password-reset links. `loadDriver` (the drivers
 * feature's, passed by the route) tells the post-login redirect whether a driver record exists.
 */
export function AuthScreen({ loadDriver, agreeToLegal, claimReferral }: { loadDriver: LoadDriver; agreeToLegal: AgreeToLegal; claimReferral?: ClaimReferral }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const type = params.get('type');
  const resetToken = params.get('token');
  const resetError = params.get('error');
  // A share link (`/auth?ref=CODE`, decision 0064) pre-fills the sign-up's referral code.
  const referralCode = params.get('ref')?.slice(0, 12) ?? '';
  const me = useMe();
  const redirect = usePostLoginRedirect(loadDriver);

  // §2: signin when returnTo is /driver-active, otherwise signup.
  const [tab, setTab] = useState<AuthTab>(returnTo === paths.driverActive ? 'signin' : 'signup');
  const [signInEmail, setSignInEmail] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const queryClient = useQueryClient();

  const onAuthenticated = async () => {
    // Set before the session query refetches, or the screen would flash 'Already Logged In'.
    setRedirecting(true);
    await redirect(returnTo);
  };

  // §2: a sign-up that returns a session shows the completion step; with a returnTo the visitor already
  // has somewhere to be, so the screen continues there instead (as it does for any session + returnTo).
  const onSignedUp = async () => {
    if (returnTo) return onAuthenticated();
    setSignedUp(true);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };

  const showSignIn = (email = '') => {
    setSignInEmail(email);
    setTab('signin');
  };

  // §2: with an existing session and returnTo present, the screen continues on its own.
  const continueWithSession = Boolean(me.data && returnTo && !resetToken && !resetError);
  const continued = useRef(false);
  const continueNow = useEffectEvent(() => void redirect(returnTo));
  useEffect(() => {
    if (!continueWithSession || continued.current) return;
    continued.current = true;
    continueNow();
  }, [continueWithSession]);

  const finishReset = () => {
    setParams({}, { replace: true });
    showSignIn();
  };

  let body;
  if (resetToken || resetError) {
    body = <ResetPasswordForm token={resetError ? null : resetToken} onDone={finishReset} />;
  } else if (signedUp) {
    body = <SignUpComplete type={type === 'driver' ? 'driver' : 'rider'} />;
  } else if (redirecting || continueWithSession) {
    body = <Redirecting />;
  } else if (me.isPending) {
    body = <LoadingScreen className="min-h-0 py-10" />;
  } else if (me.data) {
    body = <AlreadyLoggedIn me={me.data} />;
  } else {
    body = (
      <Tabs label={uiText.auth.tabsLabel} items={tabItems} value={tab} onValueChange={setTab}>
        {(value) =>
          value === 'signin' ? (
            <SignInForm key={signInEmail} initialEmail={signInEmail} onAuthenticated={onAuthenticated} />
          ) : value === 'signup' ? (
            <SignUpForm
              onSignedUp={onSignedUp}
              onSignInInstead={showSignIn}
              agreeToLegal={agreeToLegal}
              claimReferral={claimReferral}
              initialReferralCode={referralCode}
            />
          ) : (
            <PhoneForm onUseEmail={() => setTab('signin')} onVerified={() => setTab('signin')} />
          )
        }
      </Tabs>
    );
  }

  const context = type === 'driver' ? uiText.auth.driverContext : type === 'rider' ? uiText.auth.riderContext : null;

  return (
    <div className="min-h-dvh bg-gradient-to-b from-ink-900 via-ink-800 to-ink-900 px-4 py-6 sm:flex sm:items-center sm:justify-center sm:py-12">
      <PageTitle title={messages.auth.tabs.signin} />
      <main className="relative mx-auto w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl sm:p-8">
        <button
          type="button"
          aria-label={uiText.a11y.close}
          onClick={() => navigate(paths.home)}
          className="absolute top-4 right-4 flex size-11 items-center justify-center rounded-full text-ink-500 transition-colors hover:bg-ink-100 hover:text-ink-900"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <header className="mb-6 space-y-3 pr-10">
          <Link to={paths.home} className="inline-flex items-center gap-2 text-lg font-bold text-ink-900">
            <span className="flex size-8 items-center justify-center rounded-lg bg-ink-900 text-brand-400">
              <Car className="size-5" aria-hidden="true" />
            </span>
            {messages.app.name}
          </Link>
          {context ? <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{context}</p> : null}
          <h1 className="text-xl font-semibold text-ink-900">{messages.auth.greeting}</h1>
        </header>
        {body}
      </main>
    </div>
  );
}
