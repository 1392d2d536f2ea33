// /support-procedures (issue 15, decision 0056): an admin on a phone edits the Lost item procedure — adds a
// step, moves it up with the keyboard, adds a canned reply — saves, sees version 2 and, in the history, both
// versions. Then, on the Help center tab, adds a question to the FAQ, moves it up, and finds it on /help.
// Axe clean; nothing scrolls sideways at 320 px.
import { helpText } from '@openride/shared/help/help-text';
import { proceduresText as text } from '@openride/shared/procedures/procedures-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, signedInPage, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

it('an admin adds a step and a canned reply to the Lost item procedure and sees version 2 and the history', async () => {
  const adminUser = await adminApi(server);
  const admin = await signedInPage(browser, server, adminUser);
  const a = admin.page;
  await a.goto('/support-procedures');
  await a.getByRole('heading', { level: 1, name: text.title }).waitFor();
  const lost = a.getByRole('article', { name: /Lost item/ });
  await lost.getByText(text.versionBadge(1), { exact: true }).waitFor();
  await lost.getByRole('button', { name: text.editLabel('Lost item') }).click();

  const form = a.getByRole('form', { name: text.form.title('Lost item') });
  const steps = await form.getByLabel(/^Step \d+$/).count();
  await form.getByRole('button', { name: text.form.addStep }).click();
  // The new step's field has the focus: type it, then move it one place up with Alt+Up.
  await expect
    .poll(() => a.evaluate(() => document.activeElement?.id && document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent))
    .toBe(text.form.step(steps + 1));
  await a.keyboard.type('Send the driver a photo request of the item.');
  await a.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => form.getByLabel(text.form.step(steps), { exact: true }).inputValue()).toBe('Send the driver a photo request of the item.');

  // An empty canned reply is refused in words, and nothing is saved.
  await form.getByRole('button', { name: text.form.addReply }).click();
  const replies = await form.getByLabel(/^Reply \d+ title$/).count();
  await form.getByRole('button', { name: text.form.save }).click();
  await form.getByText('Give the reply a title.').waitFor();
  expect((await adminUser.get('/api/admin/support-procedures/lost_item')).body.procedure.version).toBe(1);
  await form.getByLabel(text.form.replyTitle(replies), { exact: true }).fill('Return fee');
  await form
    .getByLabel(text.form.replyBody(replies), { exact: true })
    .fill('A return fee may apply; we will tell you the amount before the return is arranged.');
  const violations = await seriousViolations(a);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await form.getByRole('button', { name: text.form.save }).click();

  await a.getByText(text.form.saved('Lost item', 2), { exact: true }).first().waitFor();
  await lost.getByText(text.versionBadge(2), { exact: true }).waitFor();
  await lost.getByText('Return fee', { exact: true }).waitFor();
  await lost.getByRole('button', { name: text.historyLabel('Lost item') }).click();
  const history = lost.getByRole('region', { name: text.historyLabel('Lost item') });
  await history.getByText(text.versionBadge(1), { exact: true }).waitFor();
  await history.getByText(text.versionBadge(2), { exact: true }).waitFor();
  await history.getByText(text.current, { exact: true }).waitFor();
  // Version 1 is still there as it was: without the new step.
  await history.getByRole('button', { name: text.viewLabel(1) }).click();
  await history
    .getByText('Send the driver a photo request of the item.')
    .count()
    .then((n) => expect(n).toBe(0));

  const audit = (await adminUser.get('/api/admin/audit-log?action=support_procedure.create')).body.items;
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ entity_id: 'lost_item', before: { version: 1 }, after: { version: 2 } });

  await a.setViewportSize({ width: 320, height: 640 });
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The help center's questions: add one to Safety, move it up one place, read it on /help.
  const q = 'Can I choose my driver?';
  await a.getByRole('tab', { name: text.tabs.faq }).click();
  const safety = a.getByRole('region', { name: 'Safety', exact: true });
  await safety.getByRole('button', { name: helpText.editor.addTo('Safety') }).click();
  const add = a.getByRole('form', { name: helpText.editor.addTo('Safety') });
  await add.getByLabel(helpText.editor.question).fill(q);
  await add.getByLabel(helpText.editor.answer).fill('No: your ride is offered to the nearest free driver.');
  await add.getByRole('button', { name: helpText.editor.save }).click();
  await safety.getByText(q, { exact: true }).waitFor();
  await safety.getByRole('button', { name: helpText.editor.moveUp(q) }).click();
  await expect
    .poll(() =>
      safety
        .locator('li p.font-medium')
        .allTextContents()
        .then((all) => all.indexOf(q)),
    )
    .toBe((await safety.locator('li p.font-medium').count()) - 2);
  await a.goto('/help');
  await a.getByRole('searchbox', { name: helpText.search }).fill('choose my driver');
  await a.getByRole('button', { name: q }).waitFor();
  admin.expectNoErrors();
  await admin.context.close();
});
