import { Link } from 'react-router';
import { CarFront, PartyPopper } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { paths } from '@/config/paths';

/**
 * §2 "after a sign-up that returns a session, a driver/onboarding completion component is shown": the next
 * step for the kind of account the visitor came to create (type=driver: the driver application).
 */
export function SignUpComplete({ type }: { type: 'rider' | 'driver' }) {
  const driver = type === 'driver';
  const text = driver ? uiText.signUpComplete.driver : uiText.signUpComplete.rider;
  const Icon = driver ? CarFront : PartyPopper;
  return (
    <section aria-labelledby="sign-up-complete" className="space-y-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h2 id="sign-up-complete" className="text-xl font-semibold text-ink-900">
          {text.title}
        </h2>
        <p className="text-sm text-ink-600">{text.text}</p>
      </div>
      <div className="space-y-3">
        {driver ? (
          <>
            <Link to={paths.driver} state={{ apply: true }} replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
              {uiText.signUpComplete.driver.primary}
            </Link>
            <Link to={paths.home} replace className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}>
              {messages.driver.maybeLater}
            </Link>
          </>
        ) : (
          <>
            <Link to={paths.bookRide} replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
              {messages.nav.bookRide}
            </Link>
            <Link to={paths.home} replace className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}>
              {uiText.signUpComplete.rider.secondary}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
