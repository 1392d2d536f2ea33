import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Car, UserRound } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { fetchMe, useMe } from '@/lib/session';
import { decideGoOnline } from '../go-online';
import { Benefits } from './benefits';
import { Availability, ClosingCta } from './closing-cta';
import { HERO_TEXT_BACKDROP, HeroBackdrop } from './hero-backdrop';
import { SlidesCarousel } from './slides-carousel';
import { StatsBand } from './stats-band';

/** How fresh the driver record must be when 'Go Online - Driver' decides (an admin may just have approved it). */
const DRIVER_FRESH_MS = 5_000;

/** Reads a user's driver record through the cache; the route passes the drivers feature's loader. */
export type LoadDriver = (userId: string, options: { staleTime: number }) => Promise<{ verification_status: string } | null>;

function HeroActions({ loadDriver }: { loadDriver: LoadDriver }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = Boolean(useMe().data);

  // §2 'Go Online - Driver'. Reads the session and the driver record through the cache, waiting for
  // them if the page was opened a moment ago, so a quick tap never decides on missing data.
  const onGoOnline = async () => {
    try {
      const me = await queryClient.ensureQueryData({ queryKey: queryKeys.me, queryFn: fetchMe });
      const driver = me ? await loadDriver(me.user.id, { staleTime: DRIVER_FRESH_MS }) : null;
      const decision = decideGoOnline(me, driver);
      if (decision.kind === 'navigate') await navigate(decision.to);
      else toast({ title: messages.errors.applicationPending.title, description: messages.errors.applicationPending.text(decision.status) });
    } catch (error) {
      console.warn('[home] could not check the driver record:', error);
      toast({ variant: 'destructive', title: messages.errors.error.title, description: messages.errors.error.unexpected });
    }
  };

  return (
    <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap">
      <Link to={signedIn ? paths.bookRide : paths.authReturnTo(paths.bookRide)} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
        <Car className="size-5" aria-hidden="true" />
        {messages.home.bookRideNow}
      </Link>
      <Button variant="light" size="lg" onClick={() => void onGoOnline()}>
        <ArrowRight className="size-5" aria-hidden="true" />
        {messages.home.goOnlineDriver}
      </Button>
      <Link to={paths.auth} className={buttonClasses({ variant: 'outline-light', size: 'lg' })}>
        <UserRound className="size-5" aria-hidden="true" />
        {messages.home.signUpSignIn}
      </Link>
    </div>
  );
}

/**
 * The marketing home (§1, §2 Home actions), phone first. `banner` and `installCard` are slots the route
 * fills with the install feature's native-app banner and install card, and `loadDriver` reads the drivers
 * feature's record for 'Go Online - Driver' (features do not import each other).
 * The card goes in the hero's free space above the text on phones, so it never covers the actions.
 */
export function HomePage({ banner, installCard, loadDriver }: { banner?: ReactNode; installCard?: ReactNode; loadDriver: LoadDriver }) {
  return (
    <>
      <PageTitle title={uiText.home.title} />
      <section
        aria-labelledby="hero-title"
        className="relative isolate flex min-h-[calc(100svh-var(--spacing-nav))] flex-col overflow-hidden text-white md:min-h-[36rem] lg:min-h-[40rem]"
      >
        <HeroBackdrop />
        <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col justify-end px-4 pt-28 pb-10 sm:px-6 md:justify-center md:py-20 lg:px-8">
          {installCard}
          <div className="relative max-w-2xl">
            {/* Phones: the darkening travels with the text (AA over any image), the picture above it stays bright. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -inset-x-[100vw] -top-24 -bottom-24 -z-10 md:hidden"
              style={{ backgroundImage: HERO_TEXT_BACKDROP }}
            />
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-ink-950/60 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 ring-1 ring-white/15">
              <span className="size-1.5 rounded-full bg-brand-400" aria-hidden="true" />
              {uiText.home.eyebrow}
            </p>
            <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {uiText.home.title}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-ink-200">{uiText.home.text}</p>
            <HeroActions loadDriver={loadDriver} />
          </div>
        </div>
      </section>
      <StatsBand />
      {banner}
      <Benefits />
      <SlidesCarousel />
      <Availability />
      <ClosingCta />
    </>
  );
}
