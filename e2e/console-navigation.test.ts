// The console is a workplace (issue 29 §1): from the admin panel every console page is reached by clicking, on a
// laptop (the sidebar) and on a phone (the console menu), and the page on screen is the one marked current.
// A rider sees none of it.
import { consoleText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminPathOf, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const LAPTOP = { viewport: { width: 1366, height: 860 } };

describe('the console navigation', () => {
  it('reaches every console page from the admin panel by clicks alone, on a laptop and on a phone', async () => {
    await signUpApi(server, { full_name: 'Bree Crumb' });
    const admin = await signedInPage(browser, server, await adminApi(server), LAPTOP);
    const { page } = admin;
    await page.goto(adminPathOf(server));
    await page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();
    const nav = page.getByRole('navigation', { name: consoleText.nav });
    const links = nav.getByRole('link');
    const names = (await links.allTextContents()).map((t) => t.trim());
    // Every group is there, and the panel itself heads the list.
    expect(names[0]).toBe(consoleText.home);
    expect(names.length).toBeGreaterThanOrEqual(25);
    for (const group of Object.values(consoleText.groups)) await nav.getByRole('heading', { name: group }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    for (const name of names.slice(1)) {
      await nav.getByRole('link', { name, exact: true }).click();
      // Its link is the current one, and the page opened: its main heading is up, and it is not the not-found page.
      await expect.poll(() => nav.locator('[aria-current="page"]').textContent(), { message: name }).toBe(name);
      await page.locator('main h1').first().waitFor();
      expect(await page.getByRole('heading', { name: uiText.notFound.title }).count(), name).toBe(0);
    }
    await nav.getByRole('link', { name: consoleText.home }).click();
    await page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();

    // A record page says where it belongs (Admin Panel › Customer Management) and leads back there.
    await nav.getByRole('link', { name: uiText.pages.customerManagement.title, exact: true }).click();
    await page.getByRole('link', { name: 'Bree Crumb' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bree Crumb' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: consoleText.breadcrumbs });
    expect((await crumbs.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([consoleText.home, uiText.pages.customerManagement.title]);
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe(uiText.pages.customerManagement.title);
    await crumbs.getByRole('link', { name: uiText.pages.customerManagement.title }).click();
    await page.getByRole('heading', { level: 1, name: uiText.pages.customerManagement.title }).waitFor();
    expect(await crumbs.count()).toBe(0);
    await admin.context.close();

    // A phone: no sidebar; the console menu opens the same list in a drawer, and a link closes it.
    const phone = await signedInPage(browser, server, await adminApi(server), PHONE);
    await phone.page.goto(adminPathOf(server));
    await phone.page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();
    expect(await phone.page.getByRole('navigation', { name: consoleText.nav }).isVisible()).toBe(false);
    await phone.page.getByRole('button', { name: consoleText.menu }).click();
    const drawer = phone.page.getByRole('dialog', { name: consoleText.menu });
    await drawer.getByRole('link', { name: uiText.pages.geofenceManagement.title }).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await drawer.getByRole('link', { name: uiText.pages.geofenceManagement.title }).click();
    await phone.page.getByRole('heading', { level: 1, name: uiText.pages.geofenceManagement.title }).waitFor();
    await expect.poll(() => drawer.count()).toBe(0);
    await phone.context.close();

    // A rider has no console: neither its navigation nor the panel's link in the account menu.
    const rider = await signedInPage(browser, server, await signUpApi(server, { full_name: 'Rita Rider' }), LAPTOP);
    await rider.page.goto('/vehicles');
    await rider.page.locator('main h1').first().waitFor();
    expect(await rider.page.getByRole('navigation', { name: consoleText.nav }).count()).toBe(0);
    await rider.context.close();
  });
});
