import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { consoleAnswers, type Me, meQuery, probablyMay } from '@/lib/session';
import { consolePermission } from './layouts/console-nav';

/**
 * Route loaders that start requests with the route instead of after its chunk, the session and the first
 * render (decision 0080). They never wait and never throw: the navigation goes on at once, the page's hook
 * finds its query in flight (or done), and the guards decide what is shown exactly as before.
 */

/** The guards' loader: the session check starts with the route, beside the page's chunk. */
export function sessionLoader() {
  void queryClient.prefetchQuery(meQuery());
  return null;
}

/** A page's prefetch: the query client, the page's address and its route parameters (`:id`). */
type Prefetch = (client: QueryClient, url: URL, params: LoaderFunctionArgs['params']) => Promise<unknown>;

/**
 * A console page's loader: imports the feature's prefetch (a small chunk, fetched beside the page's own)
 * and runs it when the one signed in is an admin whose role may open the page (its permission in the console's
 * table, decision 0089) and who owes no second factor (decision 0090): at once when the session or this browser's
 * hint says so, else as soon as the session answers. Nobody else's browser sends an admin request, nor a staff
 * member's one their role would be refused, nor one refused until they give the second factor.
 */
export function consoleLoader(load: () => Promise<Prefetch>) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const permission = consolePermission(url.pathname, url.search);
    if (!permission) return null;
    const guess = probablyMay(queryClient, permission);
    if (guess === false) return null;
    const allowed =
      guess ??
      queryClient.ensureQueryData(meQuery()).then(
        (me) => consoleAnswers(me, permission),
        () => false,
      );
    void Promise.all([load(), allowed])
      .then(([prefetch, ok]) => (ok ? prefetch(queryClient, url, params) : undefined))
      .catch((error: unknown) => console.warn('[router] prefetch failed', error));
    return null;
  };
}

/**
 * The console's lazy route modules, fetched when the browser is idle after an admin signs in, so the next
 * console page opens without waiting for its code. Each `lazy` is the router's own: one import per module.
 */
export function preloadRoutes(routes: RouteObject[]) {
  const run = () => {
    for (const route of routes) if (typeof route.lazy === 'function') void (route.lazy as () => Promise<unknown>)().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

/** Calls `run` each time the session goes from nobody to an admin in this tab (a sign-in, not a reload). */
export function whenAdminSignsIn(run: () => void) {
  let last: Me | null | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.me[0] || event.query.state.status !== 'success') return;
    const me = event.query.state.data as Me | null;
    if (last === null && me?.isAdmin) run();
    last = me;
  });
}
