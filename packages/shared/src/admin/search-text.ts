import type { SearchKind } from './search-api';

/**
 * The console's search (issue 29 §1): the button, the dialog and its groups. No imports but types: the button
 * sits in every console page's frame, in the first bundle (how a record found reads is search-hit-text.ts).
 */
export const searchText = {
  /** The button in the console's header (phone and laptop). */
  button: 'Search',
  /** The shortcut, as the button shows it beside its name. */
  shortcut: { mac: '⌘K', other: 'Ctrl K' },
  /** The dialog's title. */
  title: 'Search the console',
  input: 'Search pages and records',
  placeholder: 'Name, email, phone, plate, ride id, ticket, code',
  results: 'Results',
  /** Under the box while fewer characters are typed than a record search needs. */
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
} as const;
