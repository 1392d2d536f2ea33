import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { consoleGroups, isCurrent } from './console-nav';

describe('the console navigation', () => {
  it('lists each console page once', () => {
    const links = consoleGroups().flatMap((g) => g.links.map((l) => l.to));
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
