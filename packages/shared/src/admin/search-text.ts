import { type RideStatus, STATUS_LABELS } from '../rides/ride-state';
import { type TicketStatus, ticketNumber } from '../support/schemas';
import { supportText } from '../support/support-text';
import type { SearchKind } from './search-api';

/** Joins the parts a subtitle has, leaving out the missing ones; null when none is left. */
const line = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(' · ') || null;

/** The console's search (issue 29 §1): the button, the dialog, and how a record found reads. */
export const searchText = {
  /** The button in the console's header (phone and laptop) and the dialog's title. */
  button: 'Search',
  /** The shortcut, as the button shows it beside its name. */
  shortcut: { mac: '⌘K', other: 'Ctrl K' },
  title: 'Search the console',
  description: 'Pages, rides, riders, drivers, tickets, promo codes and companies.',
  input: 'Search pages and records',
  placeholder: 'A name, email, phone, plate, ride id, ticket or code',
  results: 'Results',
  /** Under the box while fewer than the server's minimum characters are typed. */
  typeMore: 'Type two characters or more to search records too.',
  searching: 'Searching…',
  loadFailed: "We couldn't search the records. Check your connection and try again.",
  nothing: (q: string) => `Nothing found for “${q}”.`,
  /** Read by screen readers as results arrive. */
  count: (n: number) => (n === 1 ? '1 result' : `${n} results`),
  hint: '↑ ↓ to move, Enter to open, Esc to close',
  groups: {
    pages: 'Pages',
    ride: 'Rides',
    rider: 'Riders',
    driver: 'Drivers',
    ticket: 'Support tickets',
    promotion: 'Promo codes',
    company: 'Companies',
  } satisfies Record<SearchKind | 'pages', string>,
  /** How each record found reads (written by the server, so every client says the same). */
  hits: {
    ride: (id: string) => `Ride ${id.slice(0, 8)}`,
    rideSubtitle: (r: { riderName: string; status: RideStatus; pickup: string | null; dropoff: string | null }) =>
      line(r.riderName, STATUS_LABELS[r.status], r.pickup && r.dropoff ? `${r.pickup} → ${r.dropoff}` : (r.pickup ?? r.dropoff)),
    rider: (r: { email: string; phone: string | null }) => line(r.email, r.phone),
    driver: (d: { plate: string; vehicle: string; email: string; phone: string }) => line(d.plate, d.vehicle, d.email, d.phone),
    ticket: (t: { number: number; status: TicketStatus; requester: string | null }) =>
      line(ticketNumber(t.number), supportText.adminStatuses[t.status], t.requester),
    promotion: (p: { status: string | null; city: string | null; description: string | null }) => line(p.status, p.city, p.description),
    company: (c: { city: string | null; email: string }) => line(c.city, c.email),
  },
} as const;
