// The console's search (issue 29 §1): Control+K from a console page opens it, a rider's name finds their
// record and Enter opens it; ↓ moves through pages and Escape closes; on a phone the header's button opens it
// and a click opens a page.
import { consoleText } from '@openride/shared/admin/admin-text';
import { searchText } from '@openride/shared/admin/search-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminPathOf, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, isFocused, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const LAPTOP = { viewport: { width: 1366, height: 860 } };

describe('the console search', () => {
  it('Control+K, a rider’s name, Enter: their page; on a phone the Search button opens it', async () => {
    await signUpApi(server, { full_name: 'Wendeline Searchwell' });
    const admin = await signedInPage(browser, server, await adminApi(server), LAPTOP);
    const { page } = admin;
    await page.goto(adminPathOf(server));
    await page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: searchText.title });
    const box = dialog.getByRole('combobox', { name: searchText.input });
    await box.waitFor();
    expect(await isFocused(box)).toBe(true);
    // Pages first: ↓ moves the choice, which the box names (aria-activedescendant).
    await box.fill('manage');
    const pages = dialog.getByRole('group', { name: searchText.groups.pages }).getByRole('option');
    await expect.poll(() => pages.count()).toBeGreaterThanOrEqual(2);
    const first = await pages.nth(0).getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(first);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await pages.nth(1).getAttribute('id'));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A rider by name: the record is the one chosen, Enter opens their page.
    await page.keyboard.press('Control+k');
    await box.fill('Searchwell');
    const rider = dialog.getByRole('group', { name: searchText.groups.rider }).getByRole('option', { name: /Wendeline Searchwell/ });
    await rider.waitFor();
    expect(await box.getAttribute('aria-activedescendant')).toBe(await rider.getAttribute('id'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Wendeline Searchwell' }).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    admin.expectNoErrors();
    await admin.context.close();

    // A phone: the header's button opens it, it fits the screen, a click opens a page.
    const phone = await signedInPage(browser, server, await adminApi(server), PHONE);
    await phone.page.goto(adminPathOf(server));
    await phone.page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();
    await phone.page.getByRole('button', { name: searchText.button, exact: true }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: searchText.title });
    await phoneDialog.getByRole('combobox', { name: searchText.input }).fill('promo');
    const promo = phoneDialog.getByRole('group', { name: searchText.groups.pages }).getByRole('option', { name: new RegExp(consoleText.pages.promoCodes) });
    await promo.waitFor();
    const box390 = (await phoneDialog.boundingBox())!;
    expect(box390.x).toBeGreaterThanOrEqual(0);
    expect(box390.x + box390.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await promo.click();
    await phone.page.getByRole('heading', { level: 1, name: consoleText.pages.promoCodes }).waitFor();
    await expect.poll(() => phoneDialog.count()).toBe(0);
    phone.expectNoErrors();
    await phone.context.close();
  });
});
