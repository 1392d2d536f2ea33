import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { Car, Menu, X } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import { type DriverRecord, useMyDriver } from '@/features/drivers/api/get-my-driver';
import { cn } from '@/lib/cn';
import { useMe, type Me } from '@/lib/session';
import { navLinks } from './nav-links';

const signedInNav = () => import('./signed-in-nav');
const RoleActions = lazy(() => signedInNav().then((m) => ({ default: m.RoleActions })));
const SignedInControls = lazy(() => signedInNav().then((m) => ({ default: m.SignedInControls })));

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-2 py-2 text-sm font-medium transition-colors lg:px-3',
    isActive ? 'bg-ink-900 text-white' : 'text-ink-600 hover:bg-ink-100 hover:text-ink-900',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn('flex h-12 items-center rounded-xl px-4 text-base font-medium transition-colors', isActive ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-100');

function MobileMenu({
  me,
  driver,
  onClose,
  ref,
}: {
  me: Me | null;
  driver: DriverRecord | null | undefined;
  onClose: () => void;
  ref: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={ref}
      id="mobile-menu"
      className="max-h-[calc(100dvh-var(--spacing-nav))] overflow-y-auto border-t border-ink-100 bg-white px-4 pt-3 pb-6 shadow-lg md:hidden"
    >
      <nav aria-label={uiText.a11y.mainNavigation}>
        <ul className="space-y-1">
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === paths.home} onClick={onClose} className={mobileLink}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 space-y-3 border-t border-ink-100 pt-4">
        {me ? (
          <>
            {/* Their tickets: "Contact" above is the visitors' form (issue 27). */}
            <NavLink to={paths.supportTickets} onClick={onClose} className={mobileLink}>
              {uiText.nav.support}
            </NavLink>
            <Suspense fallback={null}>
              <RoleActions driver={driver} onNavigate={onClose} size="lg" className="w-full" />
            </Suspense>
          </>
        ) : (
          <>
            <Link to={paths.authRider} onClick={onClose} className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}>
              {messages.nav.mobileRiderSignIn}
            </Link>
            <Link to={paths.authDriver} onClick={onClose} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}>
              {messages.nav.mobileDriverSignUp}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** §2 fixed top navigation. */
export function TopNav() {
  const me = useMe();
  const driver = useMyDriver();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The bell and account menu are outside these two, so opening either closes the mobile menu.
  useDismiss([menuRef, menuButtonRef], menuOpen, () => setMenuOpen(false), menuButtonRef);

  const user = me.data ?? null;
  // undefined while the driver record is unknown, so neither rider nor driver actions flash in.
  const driverRecord = user ? driver.data : undefined;

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b print:hidden border-ink-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-nav max-w-7xl items-center gap-3 px-4 sm:px-6 md:gap-2 md:px-4 lg:gap-3 lg:px-8">
        <Link
          to={paths.home}
          onClick={() => setMenuOpen(false)}
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-ink-900"
        >
          <span className="flex size-9 items-center justify-center rounded-xl bg-ink-900 text-brand-400">
            <Car className="size-5" aria-hidden="true" />
          </span>
          <span className="md:max-lg:sr-only">{messages.app.name}</span>
        </Link>

        <nav aria-label={uiText.a11y.mainNavigation} className="mx-auto hidden md:block">
          <ul className="flex items-center gap-0.5">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === paths.home} className={desktopLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {me.isPending ? null : user ? (
            <Suspense fallback={null}>
              <SignedInControls me={user} driver={driverRecord} />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={paths.authRider} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {messages.nav.signIn}
              </Link>
              <Link to={paths.authDriver} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                {messages.nav.becomeDriver}
              </Link>
            </div>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            aria-label={menuOpen ? uiText.a11y.closeMenu : uiText.a11y.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onClick={() => setMenuOpen((open) => !open)}
            className="flex size-11 items-center justify-center rounded-xl text-ink-700 hover:bg-ink-100 md:hidden"
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {menuOpen ? <MobileMenu ref={menuRef} me={user} driver={driverRecord} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
