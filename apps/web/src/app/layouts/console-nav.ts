import { consoleText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import { paths } from '@/config/paths';

export type ConsoleLink = { label: string; to: string };
export type ConsoleGroup = { label: string; links: readonly ConsoleLink[] };

const page = uiText.pages;
const more = consoleText.pages;

/**
 * Every console page, one click away, grouped by area (issue 29 §1). The console's home, the admin panel
 * (users and the audit log), heads the list: its hidden path is known only to an admin's session.
 */
export function consoleGroups(): readonly ConsoleGroup[] {
  const groups = consoleText.groups;
  return [
    {
      label: groups.operations,
      links: [
        { label: page.bookingManagement.title, to: paths.bookingManagement },
        { label: page.driverAdminDashboard.title, to: paths.driverAdminDashboard },
        { label: page.driverHeatmap.title, to: paths.driverHeatmap },
        { label: page.analytics.title, to: paths.analytics },
        { label: more.supportQueue, to: paths.supportTickets },
      ],
    },
    {
      label: groups.drivers,
      links: [
        { label: page.driverManagement.title, to: paths.driverManagement },
        { label: page.documentReview.title, to: paths.documentReview },
        { label: page.insuranceVerification.title, to: paths.insuranceVerification },
        { label: page.vehicles.title, to: paths.vehicles },
        { label: page.driverPayouts.title, to: paths.driverPayouts },
      ],
    },
    { label: groups.riders, links: [{ label: page.customerManagement.title, to: paths.customerManagement }] },
    {
      label: groups.money,
      links: [
        { label: page.financialDashboard.title, to: paths.financialDashboard },
        { label: page.refundManagement.title, to: paths.refundManagement },
        { label: page.financialSettings.title, to: paths.financialSettings },
        { label: more.invoices, to: paths.corporateInvoices },
      ],
    },
    {
      label: groups.pricing,
      links: [
        { label: page.pricingSettings.title, to: paths.pricingSettings },
        { label: page.surgePricing.title, to: paths.surgePricing },
        { label: page.cancellationPolicies.title, to: paths.cancellationPolicies },
        { label: page.geofenceManagement.title, to: paths.geofenceManagement },
      ],
    },
    {
      label: groups.growth,
      links: [
        { label: more.promoCodes, to: paths.promoCodes },
        { label: page.referrals.title, to: paths.referrals },
        { label: page.corporateAccounts.title, to: paths.corporateAccounts },
        { label: page.videoAssetsGenerator.title, to: paths.videoAssetsGenerator },
      ],
    },
    {
      label: groups.settings,
      links: [
        { label: page.supportProcedures.title, to: paths.supportProcedures },
        { label: more.helpCenter, to: paths.helpEditor },
        { label: more.legal, to: paths.legal },
      ],
    },
  ];
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
  for (const group of consoleGroups()) {
    for (const link of group.links) if (isCurrent(link.to, pathname, search) && pathname !== link.to.split('?')[0]) return link;
  }
  return null;
}
