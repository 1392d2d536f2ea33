import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import type { Permission } from './permissions';

/**
 * The console's search (issue 29 §1): one box (Ctrl-K / ⌘-K) that finds pages (in the browser, from the
 * menu's own list) and records (here). Each kind of record is searched only for a staff member whose role may
 * read it, and within their cities.
 */
export const SEARCH_KINDS = ['ride', 'rider', 'driver', 'ticket', 'promotion', 'company'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What reading each kind needs: the permission of its page's main read (decision 0089). */
export const SEARCH_KIND_PERMISSIONS = {
  ride: 'ride.read',
  rider: 'rider.read',
  driver: 'driver.read',
  ticket: 'support.handle',
  promotion: 'promotion.read',
  company: 'company.read',
} as const satisfies Record<SearchKind, Permission>;

/** At most this many records of each kind: the box points at a record, the list pages search the rest. */
export const SEARCH_HITS_PER_KIND = 5;
export const SEARCH_Q_MIN = 2;
export const SEARCH_Q_MAX = 100;

/** Where a record opens in the console (the web's config/paths.ts says the same addresses). */
export function searchHitPath(kind: SearchKind, id: string): string {
  const at = encodeURIComponent(id);
  switch (kind) {
    case 'ride':
      return `/booking-management/${at}`;
    case 'rider':
      return `/customer-management/${at}`;
    case 'driver':
      return `/driver/${at}`;
    case 'ticket':
      return `/support-tickets?ticket=${at}`;
    // The promo codes and companies pages open on their lists (they take no record in their address yet).
    case 'promotion':
      return '/promo-codes';
    case 'company':
      return '/corporate-accounts';
  }
}

export const consoleSearchQuerySchema = z.object({
  q: text().trim().min(SEARCH_Q_MIN, `Type at least ${SEARCH_Q_MIN} characters.`).max(SEARCH_Q_MAX, `At most ${SEARCH_Q_MAX} characters.`),
});

export const searchHitSchema = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The record's name as its page heads it: a person's name, a ride's short id, a ticket's subject, a code. */
  title: z.string(),
  /** What tells two of the same name apart (email and phone, plate, status, city); null when nothing does. */
  subtitle: z.string().nullable(),
  /** The console page that opens it. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const consoleSearchSchema = z.strictObject({
  q: z.string(),
  /** The kinds searched: the caller's role may read them. */
  kinds: z.array(z.enum(SEARCH_KINDS)),
  /** Kind by kind in SEARCH_KINDS' order, at most SEARCH_HITS_PER_KIND of each. */
  hits: z.array(searchHitSchema),
});
export type ConsoleSearch = z.infer<typeof consoleSearchSchema>;

export const consoleSearchRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/search',
    tag: 'admin',
    summary: "The console's search: rides by id or id prefix, riders and drivers by name, email or phone (drivers by plate), tickets, promo codes, companies",
    description: `At most ${SEARCH_HITS_PER_KIND} records of each kind. A kind is searched only when the caller's role may read it (a ride: ride.read, a rider: rider.read, a driver: driver.read, a ticket: support.handle, a promo code: promotion.read, a company: company.read); a staff member of some cities finds only those cities' rides, drivers, tickets (by their ride), promo codes and companies. A record of no city is everyone's.`,
    auth: 'admin',
    permission: 'console.open',
    request: { query: consoleSearchQuerySchema },
    responses: {
      200: { description: 'The records found', schema: consoleSearchSchema },
      400: { description: `q shorter than ${SEARCH_Q_MIN} or longer than ${SEARCH_Q_MAX} characters` },
      401: { description: 'Not signed in' },
      403: { description: 'Not staff' },
    },
  },
]);
