import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { ChevronRight, MapPin, Menu } from 'lucide-react';
import { consoleText } from '@openride/shared/admin/admin-text';
import { Modal } from '@/components/ui/modal';
import { ConsoleSearch, type SearchPage } from '@/features/console-search/components/console-search';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { useMe } from '@/lib/session';
import { may, usePermissions } from '@/lib/staff';
import { RequireSecondFactor } from '../guards/require-role';
import { type ConsoleLink, consoleGroups, consolePermission, isCurrent, listOf } from './console-nav';

/**
 * The console's navigation (issue 29 §1): the areas and their pages the staff member's role may open (§2), the
 * one on screen marked (aria-current="page"). A sidebar on a laptop; on a phone the same list in a drawer.
 */
function ConsoleNav({ adminPath, onNavigate }: { adminPath: string | null; onNavigate?: () => void }) {
  const { pathname, search } = useLocation();
  const groups = consoleGroups(usePermissions());
  const nav = useRef<HTMLElement>(null);
  // The page on screen stays in sight in a sidebar that scrolls (Settings sits below a laptop's fold).
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname, search]);
  return (
    <nav ref={nav} aria-label={consoleText.nav} className="space-y-5">
      {adminPath ? (
        <Link
          to={adminPath}
          onClick={onNavigate}
          aria-current={pathname === adminPath ? 'page' : undefined}
          className="block px-3 text-base font-bold text-ink-900 hover:text-brand-700"
        >
          {consoleText.home}
        </Link>
      ) : null}
      {groups.map((group) => (
        <div key={group.label}>
          <h2 className="px-3 text-xs font-semibold tracking-wide text-ink-500 uppercase">{group.label}</h2>
          <ul className="mt-1.5 space-y-0.5">
            {group.links.map((link) => {
              const current = isCurrent(link.to, pathname, search);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={onNavigate}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex min-h-10 items-center rounded-xl px-3 py-2 text-sm font-medium',
                      current ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** On a record page: the way back, Admin Panel › its list (the page's own heading names the record). */
function Breadcrumbs({ adminPath, list }: { adminPath: string | null; list: ConsoleLink }) {
  return (
    <nav aria-label={consoleText.breadcrumbs} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-600">
        {adminPath ? (
          <li className="flex items-center gap-1">
            <Link to={adminPath} className="rounded font-medium hover:text-ink-900 hover:underline">
              {consoleText.home}
            </Link>
            <ChevronRight className="size-3.5 text-ink-400" aria-hidden="true" />
          </li>
        ) : null}
        <li>
          <Link to={list.to} className="rounded font-medium hover:text-ink-900 hover:underline">
            {list.label}
          </Link>
        </li>
      </ol>
    </nav>
  );
}

/** What the console's search finds among pages: the admin panel and the menu's pages the member may open, by area. */
function useSearchPages(adminPath: string | null): SearchPage[] {
  const permissions = usePermissions();
  return useMemo(
    () => [
      ...(adminPath ? [{ label: consoleText.home, to: adminPath, group: consoleText.nav }] : []),
      ...consoleGroups(permissions).flatMap((group) => group.links.map((link) => ({ label: link.label, to: link.to, group: group.label }))),
    ],
    [adminPath, permissions],
  );
}

/**
 * The console's city (issue 29 §1/§3): "All cities" or one of the member's cities; every list and page
 * follows it. Not shown to a member with one city to work on.
 */
function CitySelector() {
  const id = useId();
  const { city, cities, choosable, setCity } = useConsoleCity();
  const [params, setParams] = useSearchParams();
  if (!choosable || !cities) return null;
  // A page that keeps its own city in the address (?city=: surge, the financial dashboard) follows the new choice.
  const choose = (next: string | null) => {
    setCity(next);
    if (params.has('city'))
      setParams(
        (p) => {
          p.delete('city');
          return p;
        },
        { replace: true },
      );
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {consoleText.city}
      </label>
      <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500" aria-hidden="true" />
      <select
        id={id}
        value={city ?? ''}
        onChange={(e) => choose(e.target.value || null)}
        className="min-h-11 max-w-48 rounded-xl border border-ink-200 bg-white pr-8 pl-9 text-sm font-semibold text-ink-800 hover:bg-ink-50 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 lg:min-h-9"
      >
        <option value="">{consoleText.allCities}</option>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A console page inside the console's frame: the sidebar beside it on a laptop, a menu button above it on a
 * phone; the city selector and the search (a button, and Ctrl-K / ⌘-K) on both.
 */
export function ConsoleFrame({ adminPath, children }: { adminPath: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const list = listOf(pathname, search);
  const searchPages = useSearchPages(adminPath);
  return (
    <div className="lg:flex">
      <aside className="hidden w-60 shrink-0 border-r border-ink-200 bg-white lg:block">
        <div className="sticky top-nav max-h-[calc(100dvh-var(--spacing-nav))] overflow-y-auto px-3 py-6">
          <ConsoleNav adminPath={adminPath} />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-4 sm:px-6 lg:px-8 lg:pt-6">
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-ink-200 bg-white px-3 text-sm font-semibold text-ink-800 hover:bg-ink-50 lg:hidden"
          >
            <Menu className="size-4" aria-hidden="true" />
            {consoleText.menu}
          </button>
          {list ? <Breadcrumbs adminPath={adminPath} list={list} /> : null}
          <div className="ml-auto flex items-center gap-2">
            <CitySelector />
            <ConsoleSearch pages={searchPages} />
          </div>
        </div>
        {children}
      </div>
      <Modal open={open} onOpenChange={setOpen} title={consoleText.menu} variant="drawer" closeLabel={consoleText.closeMenu}>
        <ConsoleNav adminPath={adminPath} onNavigate={() => setOpen(false)} />
      </Modal>
    </div>
  );
}

/**
 * The layout route of the console's pages: a staff member whose role may open the page sees it in the console's
 * frame; anyone else who may open one of them (a driver's /vehicles, a rider's /support-tickets, a support
 * agent's own /referrals) sees the page alone, as it is for them. The staff view of the pages that serve both
 * (vehicles, support tickets, referrals, corporate accounts, legal: outside `RequireRole role="admin"`) asks the
 * console's APIs, so a staff member who owes the second factor is sent to give it first, as from every console
 * page (issue 29 §4, decision 0090); under `RequireRole` they never get this far.
 */
export function ConsoleLayout() {
  const me = useMe().data;
  const { pathname, search } = useLocation();
  const permission = consolePermission(pathname, search);
  if (!me?.isAdmin || !permission || !may(me, permission)) return <Outlet />;
  return (
    <RequireSecondFactor>
      <ConsoleFrame adminPath={me.adminPath ?? null}>
        <Outlet />
      </ConsoleFrame>
    </RequireSecondFactor>
  );
}
