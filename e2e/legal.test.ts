// /legal (issue 15, decision 0057): an admin publishes a new Terms of Service version on /legal; a signed-in
// rider who had agreed to the old one is asked to agree again, agrees, and is not asked again. The rules
// (who may publish, versions recorded, stale versions refused) are held by the API suite (legal.test.ts).
import { legalText } from '@openride/shared/legal/legal-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const NEW_TERMS = '## Version two\nRiders and drivers treat each other with respect.\n\n- Wear a seat belt\n- Keep the car clean';

describe('/legal', () => {
  it('an admin publishes new terms; the rider agrees to them once', async () => {
    const rider = await signUpApi(server, { full_name: 'Lena Legal' });

    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    await admin.page.goto('/legal');
    await admin.page.getByRole('heading', { name: legalText.admin.title }).waitFor();
    await admin.page.getByLabel(legalText.admin.kind).selectOption('terms');
    await admin.page.getByLabel(legalText.admin.body, { exact: true }).fill(NEW_TERMS);
    await admin.page.getByRole('button', { name: legalText.admin.publish }).click();
    const confirm = admin.page.getByRole('dialog', { name: legalText.admin.confirmTitle(legalText.names.terms, 2) });
    await confirm.getByRole('button', { name: legalText.admin.publish }).click();
    await byText(admin.page, legalText.admin.published(legalText.names.terms, 2)).waitFor();
    // The page shows the new version in force.
    await admin.page.getByRole('heading', { name: 'Version two' }).waitFor();
    admin.expectNoErrors();
    await admin.context.close();

    const { page, context, expectNoErrors } = await signedInPage(browser, server, rider);
    await page.goto('/ride-history');
    const dialog = page.getByRole('dialog', { name: legalText.reaccept.title });
    await dialog.waitFor();
    await dialog.getByText(legalText.reaccept.changed(legalText.names.terms)).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: legalText.reaccept.accept }).click();
    await dialog.waitFor({ state: 'detached' });

    // A fresh load asks the server again: agreed, so no dialog.
    const status = page.waitForResponse((r) => r.url().endsWith('/api/legal/status') && r.ok());
    await page.reload();
    expect((await (await status).json()).needs_acceptance).toBe(false);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expectNoErrors();
    await context.close();
  });
});
