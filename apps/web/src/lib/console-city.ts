import { useState, useSyncExternalStore } from 'react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { adminCitiesKey, adminCitiesQuery } from './admin-cities';
import type { CallResult } from './call';
import { type Me, meQuery, useMe } from './session';
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
export function consoleCityOf(me: Me | null | undefined, stored: string | null, cities?: readonly { id: string }[]): string | null {
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
 * For a route loader (decision 0080): the console's city as the page will read it, so the page's first request
 * is the one prefetched. Waits for the session when it is not known yet (the guard's loader has asked already).
 */
export async function consoleCityFor(client: QueryClient): Promise<string | null> {
  const me = await meFor(client);
  return consoleCityOf(me, storedCity(me?.user.id), client.getQueryData<AdminCity[]>(adminCitiesKey));
}

const meFor = async (client: QueryClient) => client.getQueryData<Me | null>(queryKeys.me) ?? (await client.ensureQueryData(meQuery()).catch(() => null));

/**
 * Where a page with a city picker of its own starts: the console's city when one is chosen, else the page's
 * `fallback` (its first city, '' for a page's own "All cities", null while unknown) — unless that names a city
 * that is not one of the member's, then the first of theirs (a Madrid member never starts on San Francisco,
 * which answers them 404).
 */
export function pageCityOf<T extends string | null>(me: Me | null | undefined, consoleCity: string | null, fallback: T): string | T {
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
export async function pageCityFor(client: QueryClient, fallback: string): Promise<string> {
  const me = await meFor(client);
  return pageCityOf(me, consoleCityOf(me, storedCity(me?.user.id), client.getQueryData<AdminCity[]>(adminCitiesKey)), fallback);
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
