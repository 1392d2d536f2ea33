import { consoleText } from '@openride/shared/admin/admin-text';
import type { Permission } from '@openride/shared/admin/permissions';
import { uiText } from '@openride/shared/ui-text';
import { paths } from '@/config/paths';

export type ConsoleLink = {
  label: string;
  to: string;
  /** What the page's main read needs (its list's contract entry, decision 0089): who may see the link and open the page. */
  permission: Permission;
};
export type ConsoleGroup = { label: string; links: readonly ConsoleLink[] };

const page = uiText.pages;
const more = consoleText.pages;

/**
 * Every console page, grouped by area (issue 29 §1), each with the permission its main read needs (issue 29
 * §2): the one table the menu, the router's guard (a page the member may not open is not found) and the
 * console's frame read. A record page (/booking-management/:id, /driver/:id) is its list's.
 */
const CONSOLE_GROUPS: readonly ConsoleGroup[] = [
  {
    label: consoleText.groups.operations,
    links: [
      { label: page.bookingManagement.title, to: paths.bookingManagement, permission: 'ride.read' },
      { label: page.driverAdminDashboard.title, to: paths.driverAdminDashboard, permission: 'analytics.read' },
      { label: page.driverHeatmap.title, to: paths.driverHeatmap, permission: 'analytics.read' },
      { label: page.analytics.title, to: paths.analytics, permission: 'analytics.read' },
      { label: more.supportQueue, to: paths.supportTickets, permission: 'support.handle' },
    ],
  },
  {
    label: consoleText.groups.drivers,
    links: [
      { label: page.driverManagement.title, to: paths.driverManagement, permission: 'driver.read' },
      { label: page.documentReview.title, to: paths.documentReview, permission: 'document.read' },
      { label: page.insuranceVerification.title, to: paths.insuranceVerification, permission: 'document.read' },
      { label: page.vehicles.title, to: paths.vehicles, permission: 'vehicle.read' },
      { label: page.driverPayouts.title, to: paths.driverPayouts, permission: 'payout.read' },
    ],
  },
  {
    label: consoleText.groups.riders,
    links: [{ label: page.customerManagement.title, to: paths.customerManagement, permission: 'rider.read' }],
  },
  {
    label: consoleText.groups.money,
    links: [
      { label: page.financialDashboard.title, to: paths.financialDashboard, permission: 'finance.read' },
      { label: page.refundManagement.title, to: paths.refundManagement, permission: 'refund.read' },
      { label: page.financialSettings.title, to: paths.financialSettings, permission: 'finance.read' },
      { label: more.invoices, to: paths.corporateInvoices, permission: 'invoice.read' },
    ],
  },
  {
    label: consoleText.groups.pricing,
    links: [
      { label: page.pricingSettings.title, to: paths.pricingSettings, permission: 'fare_policy.read' },
      { label: page.surgePricing.title, to: paths.surgePricing, permission: 'surge.read' },
      { label: page.cancellationPolicies.title, to: paths.cancellationPolicies, permission: 'fare_policy.read' },
      { label: page.geofenceManagement.title, to: paths.geofenceManagement, permission: 'zone.read' },
    ],
  },
  {
    label: consoleText.groups.growth,
    links: [
      { label: more.promoCodes, to: paths.promoCodes, permission: 'promotion.read' },
      { label: page.referrals.title, to: paths.referrals, permission: 'referral.read' },
      { label: page.corporateAccounts.title, to: paths.corporateAccounts, permission: 'company.read' },
      { label: page.videoAssetsGenerator.title, to: paths.videoAssetsGenerator, permission: 'video.create' },
    ],
  },
  {
    label: consoleText.groups.settings,
    links: [
      { label: page.supportProcedures.title, to: paths.supportProcedures, permission: 'support.handle' },
      { label: more.helpCenter, to: paths.helpEditor, permission: 'faq.edit' },
      { label: more.legal, to: paths.legal, permission: 'legal.publish' },
      { label: more.staff, to: paths.staff, permission: 'staff.manage' },
    ],
  },
];

/**
 * The console's menu for a staff member with `permissions`: the pages they may open, one click away; a link
 * they may not open is left out, and a group left empty with it. The console's home, the admin panel (users
 * and the audit log), heads the menu (console-layout): its hidden path is known only to a staff member's session.
 */
export function consoleGroups(permissions: readonly Permission[]): readonly ConsoleGroup[] {
  return CONSOLE_GROUPS.map((group) => ({ ...group, links: group.links.filter((link) => permissions.includes(link.permission)) })).filter(
    (group) => group.links.length > 0,
  );
}

/** The console page at an address (its link, a record page its list's), whoever may open it; null outside the console. */
export function consoleLinkAt(pathname: string, search: string): ConsoleLink | null {
  for (const group of CONSOLE_GROUPS) for (const link of group.links) if (isCurrent(link.to, pathname, search)) return link;
  return null;
}

/** What opening the console page at an address needs; null for an address that is no console page. */
export const consolePermission = (pathname: string, search: string): Permission | null => consoleLinkAt(pathname, search)?.permission ?? null;

/** The same for a link's target written whole (`/support-procedures?section=faq`). */
export function linkPermission(to: string): Permission | null {
  const [path = '', query] = to.split('?');
  return consolePermission(path, query ? `?${query}` : '');
}

/**
 * Whether a link is the page on screen: its path, and its query where it has one (the FAQ editor is
 * /support-procedures?section=faq; the procedures are the same path without it). A record page under a list
 * (/booking-management/…) lights its list.
 */
export function isCurrent(link: string, pathname: string, search: string): boolean {
  const [path, query] = link.split('?');
  const params = new URLSearchParams(search);
  if (query) {
    const want = new URLSearchParams(query);
    return pathname === path && [...want].every(([k, v]) => params.get(k) === v);
  }
  if (path === paths.supportProcedures && params.get('section') === 'faq') return false;
  if (path === paths.corporateAccounts && pathname.startsWith(paths.corporateInvoices)) return false;
  // A driver's record (/driver/:id) belongs to Driver Management.
  if (path === paths.driverManagement && pathname.startsWith('/driver/')) return true;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The list a record page belongs to (/booking-management/:id → Booking Management), for its breadcrumb; null on
 * a list itself or a page outside the console.
 */
export function listOf(pathname: string, search: string): ConsoleLink | null {
  const link = consoleLinkAt(pathname, search);
  return link && pathname !== link.to.split('?')[0] ? link : null;
}
