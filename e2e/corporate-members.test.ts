// Corporate accounts, the company admin's page (decisions 0067 and 0072): on /corporate-accounts a company admin
// gives a member their own monthly budget (a typo is refused in the dialog) and clears it back to the policy's,
// sets an overnight window in the ride policy, and revokes a pending invitation. The rules and refusals are the
// API tests' (apps/server/test/corporate.test.ts).
import { corporateText } from '@openride/shared/corporate/corporate-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const text = corporateText;

it('a company admin sets and clears a member’s budget, saves an overnight window and revokes an invitation', async () => {
  const admin = await adminApi(server);
  const boss = await signUpApi(server, { full_name: 'Casey Boss' });
  const bossEmail = (await boss.get('/api/me')).body.user.email as string;
  const name = `Initech ${Date.now().toString(36)}`;
  const created = await admin.post('/api/admin/companies', {
    city_id: 'sf',
    name,
    billing_email: 'billing@initech.test',
    credit_limit_cents: 100_000,
    admin_email: bossEmail,
  });
  expect(created.status).toBe(201);
  const companyId = created.body.company.id as string;
  // A member who joined by invitation (through the API), and the policy's budget of $100.
  const member = await signUpApi(server, { full_name: 'Morgan Member' });
  const memberEmail = (await member.get('/api/me')).body.user.email as string;
  expect((await boss.post(`/api/corporate/companies/${companyId}/invitations`, { email: memberEmail })).status).toBe(201);
  const outbox = (await admin.get('/api/dev/outbox')).body as { to: string; body: string }[] | { items: { to: string; body: string }[] };
  const mail = (Array.isArray(outbox) ? outbox : outbox.items).find((m) => m.to === memberEmail)!;
  const token = decodeURIComponent(/invite=([^\s]+)/.exec(mail.body)![1]!);
  expect((await member.post('/api/corporate/invitations/accept', { token })).status).toBe(200);
  const detail = (await boss.get(`/api/corporate/companies/${companyId}`)).body;
  expect(
    (await boss.put(`/api/corporate/companies/${companyId}/policy`, { ...detail.policy, version: 0, updated_at: undefined, monthly_budget_cents: 10_000 }))
      .status,
  ).toBe(200);
  const pendingEmail = `pending-${Date.now().toString(36)}@example.test`;
  expect((await boss.post(`/api/corporate/companies/${companyId}/invitations`, { email: pendingEmail })).status).toBe(201);

  const { page, context, expectNoErrors } = await signedInPage(browser, server, boss, DESKTOP);
  await page.goto('/corporate-accounts');
  await page.getByRole('heading', { level: 2, name }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Morgan Member' });
  await expect.poll(() => row.textContent()).toContain('$100.00 (policy)');

  // The member's own budget: a typo is refused in the dialog, then $150 is saved.
  const budgetButton = page.getByRole('button', { name: text.budget.button('Morgan Member') });
  await budgetButton.click();
  const dialog = page.getByRole('dialog', { name: text.budget.title('Morgan Member') });
  await dialog.waitFor();
  const amount = dialog.getByLabel(text.budget.amount);
  // The kit's FormDialog (issue 28 §3): it opens on its first field; Escape closes it and gives focus back to the button.
  await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => budgetButton.evaluate((el) => el === document.activeElement)).toBe(true);
  await budgetButton.click();
  await amount.fill('15o');
  await dialog.getByRole('button', { name: text.budget.save }).click();
  await dialog
    .getByRole('alert')
    .filter({ hasText: text.budget.invalid('USD') })
    .waitFor();
  await amount.fill('150');
  await dialog.getByRole('button', { name: text.budget.save }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => row.textContent()).toContain('$150.00 (own budget)');
  const own = async () =>
    (await boss.get(`/api/corporate/companies/${companyId}`)).body.members.find((m: { email: string }) => m.email === memberEmail).monthly_budget_cents;
  expect(await own()).toBe(15_000);

  // Back to the policy's.
  await page.getByRole('button', { name: text.budget.button('Morgan Member') }).click();
  await dialog.getByRole('button', { name: text.budget.clear }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => row.textContent()).toContain('$100.00 (policy)');
  expect(await own()).toBeNull();

  // An overnight window: Mon–Fri 22:00–06:00.
  const policy = page.getByRole('form', { name: 'Ride policy' });
  await policy.getByLabel('Only on these days and hours').check();
  await policy.getByLabel('From', { exact: true }).fill('22:00');
  await policy.getByLabel('To', { exact: true }).fill('06:00');
  await policy.getByText('Mon–Fri 22:00–06:00 (overnight)').waitFor();
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect
    .poll(async () => (await boss.get(`/api/corporate/companies/${companyId}`)).body.policy.allowed_hours)
    .toEqual({ days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' });
  await page.getByRole('form', { name: 'Ride policy' }).getByText('Mon–Fri 22:00–06:00 (overnight)').waitFor();

  // Revoke the pending invitation.
  await page.getByRole('button', { name: text.revoke.button(pendingEmail) }).click();
  const confirm = page.getByRole('dialog', { name: text.revoke.title(pendingEmail) });
  await confirm.getByRole('button', { name: text.revoke.confirm }).click();
  await page.getByRole('button', { name: text.revoke.button(pendingEmail) }).waitFor({ state: 'detached' });
  expect((await boss.get(`/api/corporate/companies/${companyId}`)).body.invitations).toEqual([]);
  expectNoErrors();
  await context.close();
}, 90_000);
