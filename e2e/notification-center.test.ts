// /notifications, the notification center (issue 15, decision 0059): one journey. Real notifications: a
// ride request (kind ride, opens its track page) and driver-application rejections (kind account).
import AxeBuilder from '@axe-core/playwright';
import { messages } from '@openride/shared/messages';
import { notificationCenterText as text } from '@openride/shared/notifications/notifications-text';
import type { NotificationPage } from '@openride/shared/notifications/views';
import { uiText } from '@openride/shared/ui-text';
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075, label: 'Union Square' };
const REJECTED = 'Driver Application Not Approved';
const CANCELLED = 'Ride cancelled';

describe('the notification center', () => {
  it('filters by kind and unread, opens a ride notice on its track page, a new one arrives live, Mark all read', async () => {
    const user = await signUpApi(server, { full_name: 'Nora Notice' });
    const admin = await adminApi(server);
    const ride = await user.post('/api/rides', {
      pickup: UNION_SQUARE,
      destination: { lat: 37.8024, lng: -122.4058, label: 'Coit Tower' },
      ride_type: 'economy',
      payment_method: 'cash',
    });
    expect(ride.status).toBe(201);
    const rideId = ride.body.ride.id as string;
    expect((await user.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
    await reviewApi(admin, (await applyApi(user)).id, 'rejected', 'Blurry licence photo');

    const { page, context, expectNoErrors } = await signedInPage(browser, server, user, PHONE);
    // Reached from the account menu.
    await page.goto('/ride-history');
    await page.getByRole('button', { name: uiText.a11y.accountMenu }).click();
    await page.getByRole('link', { name: text.menuLink }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    const list = page.getByRole('list', { name: text.listLabel });
    const rows = list.getByRole('listitem');
    const filterBar = page.getByRole('group', { name: text.filtersLabel });
    // The request and the cancellation (rides), the rejection (account): all unread.
    await rows.getByText(REJECTED, { exact: true }).waitFor();
    await rows.getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
    await rows.getByText(CANCELLED, { exact: true }).waitFor();
    await filterBar.getByText(text.unreadCount(3)).waitFor();
    // Accessible as it stands: no serious or critical axe finding.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // By kind: Account shows the rejection only; Rides the two ride notices.
    await page.getByRole('button', { name: text.kinds.account, exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByText(REJECTED, { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?kind=account');
    await page.getByRole('button', { name: text.kinds.ride, exact: true }).click();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(CANCELLED), expect.stringContaining(STATUS_LABELS.requested)]);
    // A kind with nothing in it: the filtered empty state.
    await page.getByRole('button', { name: text.kinds.payment, exact: true }).click();
    await page.getByText(text.emptyFiltered).waitFor();
    await page.getByRole('button', { name: text.kinds.ride, exact: true }).click();
    await page.getByRole('switch', { name: text.unreadOnly }).click();
    expect(new URL(page.url()).search).toBe('?kind=ride&unread=1');
    await expect.poll(() => rows.count()).toBe(2);

    // Opening the ride notice marks it read and lands on its ride.
    await rows.getByRole('button', { name: text.open(STATUS_LABELS.requested) }).click();
    await page.waitForURL(`**/track-ride/${rideId}`);
    await expect
      .poll(
        async () =>
          ((await user.get('/api/notifications/all?kind=ride')).body as NotificationPage).items.find((n) => n.title === STATUS_LABELS.requested)?.is_read,
      )
      .toBe(true);
    // Back: the same filters; the opened notice, read now, has left the unread view.
    await page.goBack();
    expect(new URL(page.url()).search).toBe('?kind=ride&unread=1');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(CANCELLED)]);

    // All kinds, unread: a new rejection arrives while the page is open.
    await page.getByRole('button', { name: text.allKinds, exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await reviewApi(admin, (await applyApi(user)).id, 'rejected', 'Licence expired');
    await expect.poll(() => rows.count()).toBe(3);
    await filterBar.getByText(text.unreadCount(3)).waitFor();

    // Mark all read: the unread view empties, the button is spent, the server agrees.
    await page.getByRole('button', { name: messages.notifications.markAllRead }).click();
    await page.getByText(text.emptyFiltered).waitFor();
    await filterBar.getByText(text.unreadCount(0)).waitFor();
    expect(await page.getByRole('button', { name: messages.notifications.markAllRead }).isDisabled()).toBe(true);
    expect(((await user.get('/api/notifications/all')).body as NotificationPage).unread).toBe(0);
    expectNoErrors();
    await context.close();
  });
});
