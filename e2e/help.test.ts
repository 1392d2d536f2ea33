// /help (issue 15, decision 0056): a visitor on a phone searches the FAQ, opens an answer with the keyboard,
// and finds "Still need help?" pointing to the contact form. Axe clean; no sideways scroll at 320 px.
import { helpText as text } from '@openride/shared/help/help-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openPage, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

it('a visitor searches the FAQ, opens an answer and sees "Still need help?"', async () => {
  const visitor = await openPage(browser, server.url);
  const page = visitor.page;
  await page.goto('/help');
  await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Booking and rides' }).waitFor();

  await page.getByRole('searchbox', { name: text.search }).fill('pin');
  const question = page.getByRole('button', { name: 'What is the ride PIN?' });
  await question.waitFor();
  // Filtered as typed: the payments questions are gone.
  await page.getByRole('heading', { name: 'Payments and refunds' }).waitFor({ state: 'detached' });
  expect(await question.getAttribute('aria-expanded')).toBe('false');
  await question.focus();
  await page.keyboard.press('Enter');
  expect(await question.getAttribute('aria-expanded')).toBe('true');
  await page
    .getByRole('region', { name: 'What is the ride PIN?' })
    .getByText(/4-digit PIN/)
    .waitFor();

  const help = page.getByRole('region', { name: text.stillNeedHelp });
  await help.getByRole('link', { name: text.contactUs }).waitFor();
  expect(await help.getByRole('link', { name: text.contactUs }).getAttribute('href')).toBe('/contact');

  await page.getByRole('searchbox', { name: text.search }).fill('zzzz');
  await page.getByText(text.noResults('zzzz')).waitFor();

  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  visitor.expectNoErrors();
  await visitor.context.close();
});
