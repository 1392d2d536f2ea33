import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@openride/shared/api';
import { consoleText } from '@openride/shared/admin/admin-text';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@openride/shared/admin/permissions';
import { paths } from '@/config/paths';
import { consoleGroups, consolePermission, isCurrent, linkPermission } from './console-nav';

const everyLink = () => consoleGroups(PERMISSIONS).flatMap((g) => g.links);

describe('the console navigation', () => {
  it('lists each console page once', () => {
    const links = everyLink().map((l) => l.to);
    expect(new Set(links).size).toBe(links.length);
    expect(links).toContain(paths.promoCodes);
    expect(links).toContain(paths.helpEditor);
  });

  it('marks the page on screen: its path, a record under its list, a query that names a tab', () => {
    expect(isCurrent(paths.bookingManagement, '/booking-management', '')).toBe(true);
    expect(isCurrent(paths.bookingManagement, '/booking-management/3f1c', '')).toBe(true);
    expect(isCurrent(paths.driverManagement, '/driver/9a2b', '')).toBe(true);
    expect(isCurrent(paths.driverManagement, '/driver-payouts', '')).toBe(false);
    // The procedures and the FAQ editor share a path: the query tells them apart.
    expect(isCurrent(paths.supportProcedures, '/support-procedures', '')).toBe(true);
    expect(isCurrent(paths.supportProcedures, '/support-procedures', '?section=faq')).toBe(false);
    expect(isCurrent(paths.helpEditor, '/support-procedures', '?section=faq')).toBe(true);
    expect(isCurrent(paths.helpEditor, '/support-procedures', '')).toBe(false);
    // Invoices sit under corporate accounts' path but are their own page.
    expect(isCurrent(paths.corporateAccounts, '/corporate-accounts/invoices', '')).toBe(false);
    expect(isCurrent(paths.corporateInvoices, '/corporate-accounts/invoices/7', '')).toBe(true);
  });
});

describe('the console for a staff role (issue 29 §2)', () => {
  it('shows an owner every page, in every group', () => {
    const groups = consoleGroups(ROLE_PERMISSIONS.owner);
    expect(groups.map((g) => g.label)).toEqual(Object.values(consoleText.groups));
    expect(groups.flatMap((g) => g.links)).toEqual(everyLink());
  });

  it('leaves out the pages a role may not open, and a group left empty', () => {
    const support = consoleGroups(ROLE_PERMISSIONS.support);
    expect(support.map((g) => [g.label, g.links.map((l) => l.to)])).toEqual([
      [consoleText.groups.operations, [paths.bookingManagement, paths.supportTickets]],
      [consoleText.groups.drivers, [paths.driverManagement]],
      [consoleText.groups.riders, [paths.customerManagement]],
      [consoleText.groups.money, [paths.refundManagement]],
      [consoleText.groups.settings, [paths.supportProcedures]],
    ]);
    const marketing = consoleGroups(ROLE_PERMISSIONS.marketing).flatMap((g) => g.links.map((l) => l.to));
    expect(marketing).toContain(paths.helpEditor);
    expect(marketing).not.toContain(paths.supportProcedures);
    expect(marketing).not.toContain(paths.financialDashboard);
    // Not staff (or not known yet): no console page at all.
    expect(consoleGroups([])).toEqual([]);
  });

  it("every role's menu holds only pages whose permission the role has", () => {
    for (const permissions of Object.values(ROLE_PERMISSIONS)) {
      for (const link of consoleGroups(permissions).flatMap((g) => g.links)) expect(permissions).toContain(link.permission);
    }
  });

  it('asks for the permission of the API the page reads first (its contract entry)', () => {
    const mainRead: Record<string, string> = {
      [paths.bookingManagement]: 'GET /api/admin/rides',
      [paths.driverAdminDashboard]: 'GET /api/admin/driver-dashboard',
      [paths.driverHeatmap]: 'GET /api/admin/driver-heatmap',
      [paths.analytics]: 'GET /api/admin/analytics',
      [paths.supportTickets]: 'GET /api/admin/support-tickets',
      [paths.driverManagement]: 'GET /api/admin/drivers',
      [paths.documentReview]: 'GET /api/admin/documents',
      [paths.insuranceVerification]: 'GET /api/admin/insurance-policies',
      [paths.vehicles]: 'GET /api/admin/vehicles',
      [paths.driverPayouts]: 'GET /api/admin/payout-runs',
      [paths.customerManagement]: 'GET /api/admin/customers',
      [paths.financialDashboard]: 'GET /api/admin/finance/dashboard',
      [paths.refundManagement]: 'GET /api/admin/refund-requests',
      [paths.financialSettings]: 'GET /api/admin/financial-settings/:city',
      [paths.corporateInvoices]: 'GET /api/admin/corporate-invoices',
      [paths.pricingSettings]: 'GET /api/admin/pricing/:city',
      [paths.surgePricing]: 'GET /api/admin/surge',
      [paths.cancellationPolicies]: 'GET /api/admin/cancellation-policies',
      [paths.geofenceManagement]: 'GET /api/admin/zones',
      [paths.promoCodes]: 'GET /api/admin/promotions',
      [paths.referrals]: 'GET /api/admin/referral-programs',
      [paths.corporateAccounts]: 'GET /api/admin/companies',
      [paths.videoAssetsGenerator]: 'GET /api/admin/video-figures',
      [paths.supportProcedures]: 'GET /api/admin/support-procedures',
      // The FAQ editor reads the public FAQ: what it is there for is its writes.
      [paths.helpEditor]: 'PUT /api/admin/faq/:id',
      [paths.legal]: 'GET /api/admin/legal',
      [paths.staff]: 'GET /api/admin/staff',
    };
    const links = everyLink();
    expect(links.map((l) => l.to).sort()).toEqual(Object.keys(mainRead).sort());
    for (const link of links) {
      const route = API_ROUTES.find((r) => `${r.method} ${r.path}` === mainRead[link.to]);
      expect(route, mainRead[link.to]).toBeDefined();
      expect(link.permission, link.to).toBe(route!.permission);
    }
  });

  it("finds a page's permission from its address: a record page its list's, a tab by its query", () => {
    expect(consolePermission('/booking-management/3f1c', '')).toBe('ride.read');
    expect(consolePermission('/driver/9a2b', '')).toBe('driver.read');
    expect(consolePermission('/customer-management/7', '')).toBe('rider.read');
    expect(consolePermission('/refund-management/7', '')).toBe('refund.read');
    expect(consolePermission('/corporate-accounts/invoices/7', '')).toBe('invoice.read');
    expect(consolePermission('/support-procedures', '')).toBe('support.handle');
    expect(consolePermission('/support-procedures', '?section=faq')).toBe('faq.edit');
    expect(linkPermission(paths.helpEditor)).toBe('faq.edit');
    expect(consolePermission('/nowhere', '')).toBeNull();
  });

  it("knows every page of the router's console, so none opens without its permission being asked", () => {
    const router = readFileSync(new URL('../router.tsx', import.meta.url), 'utf8');
    const block = router.slice(router.indexOf('const adminPages'), router.indexOf('whenAdminSignsIn('));
    const routePaths = [...block.matchAll(/\bpath: '([^']+)'/g)].map((m) => `/${m[1]!.replaceAll(/:\w+/g, 'x')}`);
    expect(routePaths.length).toBeGreaterThanOrEqual(20);
    for (const path of routePaths) expect(consolePermission(path, ''), path).not.toBeNull();
  });
});
