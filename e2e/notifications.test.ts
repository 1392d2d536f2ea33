// The notifications bell (§2 dropdown, §3 entity, §4 read state, §9 limits). Real notifications come
// from driver reviews (apply → reject, again and again); ride notifications with a booking_id are not
// produced by this server yet, so those rows are added to the real list on the way to the page.
import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_PANEL_HEIGHT_PX, NOTIFICATIONS_REFETCH_MS } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import type { Notification } from '@openride/shared/notifications/schemas';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type ApiUser, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const bell = (page: Page) => page.getByRole('button', { name: uiText.a11y.notifications });
const badge = (page: Page) => page.getByTestId('notification-badge');
const panel = (page: Page) => page.getByRole('dialog', { name: uiText.notifications.heading });

/** One 'Driver Application Not Approved' notification per call. */
async function rejectOnce(user: ApiUser, admin: ApiUser, reason: string) {
  const { id } = await applyApi(user);
  await reviewApi(admin, id, 'rejected', reason);
}

const fake = (i: number, extra: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: 'x',
  type: 'other',
  title: `Ride update ${i}`,
  message: `Message ${i}`,
  is_read: true,
  booking_id: null,
  created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
  ...extra,
});

describe('notifications bell', () => {
  it("badge counts unread and shows '9+' above 9; a new one arrives live; a click marks read; 'Mark all read'", async () => {
    const user = await signUpApi(server);
    const admin = await adminApi(server);
    for (let i = 1; i <= 9; i++) await rejectOnce(user, admin, `Reason ${i}`);

    const { page, expectNoErrors, context } = await signedInPage(browser, server, user, DESKTOP);
    // The badge is the server's count, not the list's (issue 27): the list stands in for the 50 newest with
    // 5 of them, all read, and the 9 unread still show.
    await page.route('**/api/notifications', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const real = (await response.json()) as Notification[];
      await route.fulfill({ response, json: real.slice(0, 5).map((n) => ({ ...n, is_read: true })) });
    });
    await page.goto('/');
    await expect.poll(() => badge(page).textContent()).toBe('9');
    await page.unrouteAll({ behavior: 'wait' });
    // The count is part of the bell's description, not its name.
    expect(await page.getByText(uiText.a11y.unreadCount(9)).count()).toBe(1);

    // The tenth, while the page is open: the socket brings it before the next poll.
    await rejectOnce(user, admin, 'Reason 10');
    await expect.poll(() => badge(page).textContent(), { timeout: NOTIFICATIONS_REFETCH_MS - 1000 }).toBe(messages.notifications.badgeOverflow);

    await bell(page).click();
    const list = panel(page);
    await list.waitFor();
    expect(Math.round((await list.boundingBox())!.height)).toBe(NOTIFICATIONS_PANEL_HEIGHT_PX);
    // Newest first, each with the icon of its type (rejections are warnings).
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(10);
    await items
      .first()
      .getByText(/Reason 10$/)
      .waitFor();
    expect(await items.first().locator('[data-icon]').getAttribute('data-icon')).toBe('warning');

    // A click marks it read (no booking: the panel stays).
    await items.first().getByRole('button').click();
    await expect.poll(() => items.first().getByRole('button').getAttribute('data-read')).toBe('true');
    await expect.poll(() => badge(page).textContent()).toBe('9');

    await list.getByRole('button', { name: messages.notifications.markAllRead }).click();
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await list.getByRole('button', { name: messages.notifications.markAllRead }).isDisabled()).toBe(true);

    // Persisted on the server (the panel updates optimistically, so the request may still be in flight).
    await expect.poll(async () => ((await user.get('/api/notifications')).body as Notification[]).every((n) => n.is_read)).toBe(true);
    expectNoErrors();
    await context.close();
  });

  it('a notification with a booking opens /track-ride/{booking_id}; at most the 50 newest are listed; icons by type', async () => {
    const user = await signUpApi(server);
    const admin = await adminApi(server);
    const { id } = await applyApi(user);
    await reviewApi(admin, id, 'approved');

    const { page, expectNoErrors, context } = await signedInPage(browser, server, user);
    const extra = [
      fake(1, { type: 'success' }),
      fake(2, { type: 'error' }),
      ...Array.from({ length: 60 }, (_, i) => fake(100 + i)),
      // The newest of all, unread, about a ride.
      fake(999, {
        type: 'other',
        title: 'Your driver is arriving',
        message: 'Look for a blue Prius',
        is_read: false,
        booking_id: 'bk_42',
        created_at: new Date().toISOString(),
      }),
    ];
    await page.route('**/api/notifications', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const real = (await response.json()) as Notification[];
      await route.fulfill({ response, json: [...real, ...extra] });
    });
    await page.goto('/');
    await bell(page).click();
    const items = panel(page).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(NOTIFICATIONS_LIMIT);
    await items.first().getByText('Your driver is arriving').waitFor();
    await items.nth(1).getByText('Driver Application Approved').waitFor();
    expect(await items.nth(1).locator('[data-icon]').getAttribute('data-icon')).toBe('success');
    // The oldest (success, error and the first ten of the sixty) fall outside the 50.
    expect(await panel(page).getByText('Ride update 1', { exact: true }).count()).toBe(0);
    expect(await panel(page).getByText('Ride update 159', { exact: true }).count()).toBe(1);

    // bk_42 is no ride of theirs: the track page's lookup answers 404, which the browser logs. Everything
    // logged up to the click must be clean; after it, the navigation itself is what is checked.
    expectNoErrors();
    await items.first().getByRole('button').click();
    await page.waitForURL(`${server.url}/track-ride/bk_42`);
    expect(await panel(page).count()).toBe(0);
    // The 5-second poll goes on until the context is gone: stop intercepting first.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
