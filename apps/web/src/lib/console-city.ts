import { useEffect, useState, useSyncExternalStore } from 'react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { adminCitiesKey, adminCitiesQuery } from './admin-cities';
import type { CallResult } from './call';
import { type Me, useMe } from './session';
import { may } from './staff';
import { queryKeys } from './query-keys';

/**
 * The console's city (issue 29 §1/§3, decision 0091): the city the selector at the top of the console frame
 * names, which every console list and page follows. `null` is "All cities" — all of the member's own cities; a
 * member of exactly one city always has that one. The choice is remembered in this browser per user, and never
 * names a city outside the member's list: a stale choice (a city taken from them) falls back to "All cities".
 * The web's courtesy only: the server scopes every request to the member's cities whatever is sent.
 */

type AdminCity = CallResult<'GET /api/admin/cities'>['items'][number];
/** What the rules read of the session: whether they are staff, and their cities (null: every city). */
type Member = { staff?: { city_ids: readonly string[] | null } } | null | undefined;

const storageKey = (userId: string) => `openride.console-city.${userId}`;
const listeners = new Set<() => void>();

function readStored(userId: string | undefined): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function writeStored(userId: string, city: string | null) {
  try {
    if (city) localStorage.setItem(storageKey(userId), city);
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
    memory.set(userId, city);
  }
  for (const listener of listeners) listener();
}

/** Where the choice lives when storage refuses it. */
const memory = new Map<string, string | null>();
const storedCity = (userId: string | undefined) => (userId && memory.has(userId) ? memory.get(userId)! : readStored(userId));

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice follows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The city in force (none for anyone who is not staff), from the member, what was remembered and (for a member of every city) the console's
 * cities once known: the member's only city; else the remembered one while it is still one of theirs; else null.
 * Pure, for the hook and the route loaders alike.
 */
export function consoleCityOf(me: Member, stored: string | null, cities?: readonly { id: string }[]): string | null {
  if (!me?.staff) return null;
  const own = me.staff.city_ids;
  if (own?.length === 1) return own[0]!;
  if (!stored) return null;
  if (own) return own.includes(stored) ? stored : null;
  // A member of every city: any city the console lists (until the list is known, what was remembered).
  if (cities) return cities.some((c) => c.id === stored) ? stored : null;
  return stored;
}

export type ConsoleCity = {
  /** The chosen city's id; null for "All cities". */
  city: string | null;
  /** The cities the member may choose among (their own), once loaded. */
  cities: AdminCity[] | undefined;
  /** Whether the selector is worth showing: more than one city to choose among. */
  choosable: boolean;
  /** Choose a city (null: "All cities"); remembered for this user in this browser. */
  setCity: (city: string | null) => void;
};

/** The console's selected city, shared by the frame's selector and every page that follows it. */
export function useConsoleCity(): ConsoleCity {
  const me = useMe().data;
  const userId = me?.user.id;
  const cities = useQuery({ ...adminCitiesQuery(), enabled: may(me, 'console.open') });
  const stored = useSyncExternalStore(
    subscribe,
    () => storedCity(userId),
    () => null,
  );
  const city = consoleCityOf(me, stored, cities.data);
  useEffect(() => {
    rememberMember(me);
  }, [me]);
  return {
    city,
    cities: cities.data,
    choosable: (cities.data?.length ?? 0) > 1,
    setCity: (next) => {
      if (userId) writeStored(userId, next);
    },
  };
}

/**
 * Who this browser last saw on a console page (their id and cities): a route loader starts the page's request
 * before the session has answered (decision 0080), so it reads the member from here until it has. A prefetch
 * hint, never a guard: a wrong guess costs one request the page does not reuse.
 */
const MEMBER_HINT = 'openride.console-city.member';

function rememberMember(me: Me | null | undefined) {
  if (!me?.staff) return;
  try {
    localStorage.setItem(MEMBER_HINT, JSON.stringify({ id: me.user.id, city_ids: me.staff.city_ids }));
  } catch {
    // Storage refused: the loaders wait for nothing, they guess "All cities".
  }
}

/** The member a loader reads: the session once known, else the hint. */
function memberFor(client: QueryClient): { id: string | undefined; member: Member } {
  const me = client.getQueryData<Me | null>(queryKeys.me);
  if (me !== undefined) return { id: me?.user.id, member: me };
  try {
    const hint: unknown = JSON.parse(localStorage.getItem(MEMBER_HINT) ?? 'null');
    if (hint && typeof hint === 'object' && 'id' in hint && typeof hint.id === 'string' && 'city_ids' in hint) {
      const cityIds = Array.isArray(hint.city_ids) ? hint.city_ids.filter((c): c is string => typeof c === 'string') : null;
      return { id: hint.id, member: { staff: { city_ids: cityIds } } };
    }
  } catch {
    // Unreadable: no hint.
  }
  return { id: undefined, member: null };
}

/** For a route loader (decision 0080): the console's city as the page will read it, so the page's first request is the one prefetched. */
export function consoleCityFor(client: QueryClient): string | null {
  const { id, member } = memberFor(client);
  return consoleCityOf(member, storedCity(id), client.getQueryData<AdminCity[]>(adminCitiesKey));
}

/**
 * Where a page with a city picker of its own starts: the console's city when one is chosen, else the page's
 * `fallback` (its first city, '' for a page's own "All cities", null while unknown) — unless that names a city
 * that is not one of the member's, then the first of theirs (a Madrid member never starts on San Francisco,
 * which answers them 404).
 */
export function pageCityOf<T extends string | null>(me: Member, consoleCity: string | null, fallback: T): string | T {
  if (consoleCity !== null) return consoleCity;
  const own = me?.staff?.city_ids;
  return own && own.length > 0 && fallback && !own.includes(fallback) ? own[0]! : fallback;
}

/** The city a page whose choice lives in its address (`?city=`) shows when the address names none. */
export function usePageCityDefault<T extends string | null>(fallback: T): string | T {
  const me = useMe().data;
  return pageCityOf(me, useConsoleCity().city, fallback);
}

/** As usePageCityDefault, for the page's route loader. */
export function pageCityFor(client: QueryClient, fallback: string): string {
  return pageCityOf(memberFor(client).member, consoleCityFor(client), fallback);
}

/**
 * A page's own city picker (pricing, financial settings, zones, payouts…): it starts on the console's city when
 * one is chosen, else on `fallback` (see pageCityOf); the page's picker still picks another. A new choice in the
 * console's selector moves the page to it again.
 */
export function usePageCity<T extends string | null>(fallback: T): [string | T, (city: string) => void] {
  const { city } = useConsoleCity();
  const start = pageCityOf(useMe().data, city, fallback);
  const [picked, setPicked] = useState<{ under: string | null; id: string } | null>(null);
  const current: string | T = picked?.under === city ? picked.id : start;
  return [current, (id: string) => setPicked({ under: city, id })];
}
