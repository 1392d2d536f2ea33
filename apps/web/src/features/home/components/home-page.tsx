import { Link, useNavigate } from 'react-router';
import { ArrowRight, Car, Clock, MapPin, ShieldCheck, UserRound } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useMe, useMyDriver } from '@/lib/session';

const highlights = [
  { Icon: Clock, label: messages.home.benefits[0] },
  { Icon: ShieldCheck, label: messages.home.benefits[1] },
  { Icon: MapPin, label: messages.home.benefits[2] },
] as const;

export function HomePage() {
  const navigate = useNavigate();
  const me = useMe();
  const driver = useMyDriver();
  const signedIn = Boolean(me.data);

  // §2 'Go Online - Driver': visitors sign in first; no driver record → /driver; not approved → toast, stay.
  const onGoOnline = () => {
    if (!signedIn) return navigate(paths.authReturnTo(paths.driverActive));
    const record = driver.data;
    if (!record) return navigate(paths.driver);
    if (record.verification_status !== 'approved') {
      toast({ title: messages.errors.applicationPending.title, description: messages.errors.applicationPending.text(record.verification_status) });
      return;
    }
    navigate(paths.driverActive);
  };

  return (
    <>
      <PageTitle title={uiText.home.title} />
      <section className="relative isolate overflow-hidden bg-ink-900 text-white">
        {/* A street-grid backdrop: the brand's "map" texture without shipping an image. */}
        <svg aria-hidden="true" className="absolute inset-0 -z-10 h-full w-full opacity-[0.12]">
          <defs>
            <pattern id="streets" width="72" height="72" patternUnits="userSpaceOnUse">
              <path d="M0 36h72M36 0v72" stroke="currentColor" strokeWidth="1" />
              <path d="M0 0l72 72" stroke="currentColor" strokeWidth="0.5" />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill="url(#streets)" />
        </svg>
        <div aria-hidden="true" className="absolute -top-32 -right-24 -z-10 size-96 rounded-full bg-brand-500/25 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-40 -left-24 -z-10 size-96 rounded-full bg-sky-500/15 blur-3xl" />

        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:px-8 lg:py-28">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-400 ring-1 ring-white/15">
              <span className="size-1.5 rounded-full bg-brand-400" aria-hidden="true" />
              {uiText.home.eyebrow}
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{uiText.home.title}</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-300">{uiText.home.text}</p>

            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to={signedIn ? paths.bookRide : paths.authReturnTo(paths.bookRide)} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
                <Car className="size-5" aria-hidden="true" />
                {messages.home.bookRideNow}
              </Link>
              <Button variant="light" size="lg" onClick={onGoOnline} disabled={signedIn && driver.isPending}>
                <ArrowRight className="size-5" aria-hidden="true" />
                {messages.home.goOnlineDriver}
              </Button>
              {signedIn ? null : (
                <Link to={paths.auth} className={buttonClasses({ variant: 'outline-light', size: 'lg' })}>
                  <UserRound className="size-5" aria-hidden="true" />
                  {messages.home.signUpSignIn}
                </Link>
              )}
            </div>

            <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-ink-300">
              {highlights.map(({ Icon, label }) => (
                <li key={label} className="flex items-center gap-2">
                  <Icon className="size-4 text-brand-400" aria-hidden="true" />
                  {label.charAt(0).toUpperCase() + label.slice(1)}
                </li>
              ))}
            </ul>
          </div>

          <div aria-hidden="true" className="relative hidden lg:block">
            <div className="rounded-3xl bg-white/5 p-6 ring-1 ring-white/10 backdrop-blur">
              <div className="space-y-4">
                <div className="flex items-center gap-3 rounded-2xl bg-white/10 p-4">
                  <span className="size-3 rounded-full bg-brand-400" />
                  <span className="h-2.5 w-40 rounded-full bg-white/30" />
                </div>
                <div className="ml-1.5 h-8 w-px bg-white/20" />
                <div className="flex items-center gap-3 rounded-2xl bg-white/10 p-4">
                  <span className="size-3 rounded-sm bg-white" />
                  <span className="h-2.5 w-52 rounded-full bg-white/30" />
                </div>
                <div className="mt-6 flex items-center justify-between rounded-2xl bg-brand-500 p-4 text-ink-950">
                  <span className="flex items-center gap-3">
                    <Car className="size-6" />
                    <span className="h-2.5 w-24 rounded-full bg-ink-950/30" />
                  </span>
                  <span className="h-2.5 w-12 rounded-full bg-ink-950/30" />
                </div>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
