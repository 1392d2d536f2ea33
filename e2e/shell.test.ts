import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLegalApi } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, GOOD_PASSWORD, openPage, openSuite, startE2EServer, TestClient, uniqueEmail } from './support/fixtures';

const ADMIN_EMAIL = 'admin@openride.test';
let server: E2EServer;
let browser: Browser;
let adminPath: string;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startE2EServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD })));
  adminPath = /"adminPath":"(\/[0-9a-f]+)"/.exec(server.output())![1]!;
});
afterAll(() => closeSuite({ server, browser }));

describe('app shell', () => {
  it('serves the health check', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
  });

  it('serves the built app compressed, with hashed assets cached for good', async () => {
    const html = await (await fetch(server.url)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    // fetch decodes the body itself but keeps the header that says how it travelled.
    const res = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('cache-control')).toContain('immutable');
    // React's production build, never the development one (vitest's NODE_ENV=test must not leak into it).
    const raw = await (await fetch(`${server.url}${script}`)).text();
    expect(raw).not.toContain('react-dom.development');
  });

  it('desktop nav: the spec links, signed-out actions, and the current page highlighted', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/safety');
    const nav = page.getByRole('navigation', { name: uiText.a11y.mainNavigation });
    for (const label of messages.nav.links) await nav.getByRole('link', { name: label, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Safety', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: messages.nav.signIn, exact: true }).getAttribute('href')).toBe('/auth?type=rider');
    expect(await page.getByRole('link', { name: messages.nav.becomeDriver, exact: true }).getAttribute('href')).toBe('/auth?type=driver');
    expectNoErrors();
    await context.close();
  });

  it('mobile menu: collapsible, with the mobile labels', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/');
    const open = page.getByRole('button', { name: uiText.a11y.openMenu });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    await page.getByRole('link', { name: messages.nav.mobileRiderSignIn }).waitFor();
    expect(await page.getByRole('link', { name: messages.nav.mobileDriverSignUp }).getAttribute('href')).toBe('/auth?type=driver');
    await page.getByRole('button', { name: uiText.a11y.closeMenu }).click();
    await expect.poll(() => page.getByRole('link', { name: messages.nav.mobileRiderSignIn }).isVisible()).toBe(false);
    expectNoErrors();
    await context.close();
  });

  it('footer: company and service links, legal links, © 2024', async () => {
    const { page, context } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/');
    const footer = page.locator('footer');
    const expected: Array<[string, string]> = [
      [messages.footer.aboutUs, '/about'],
      [messages.footer.contact, '/contact'],
      [messages.footer.helpCenter, '/help'],
      [messages.footer.legal, '/legal'],
      [messages.footer.admin, '/auth'],
      [messages.footer.rideTypes, '/services'],
      [messages.footer.pricing, '/pricing'],
      [messages.footer.safety, '/safety'],
      [messages.footer.driveWithUs, '/driver'],
      [messages.footer.privacyPolicy, '/legal'],
      [messages.footer.termsOfService, '/legal'],
    ];
    for (const [name, href] of expected) expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    await footer.getByText(messages.app.copyright, { exact: false }).waitFor();
    await context.close();
  });

  it('any other path shows the not-found page', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it("pages load on demand behind 'Loading...'", async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/');
    // Hold the next lazy chunk so the fallback is observable, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      history.pushState({}, '', '/legal');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText(messages.app.loading).first().waitFor();
    release();
    await page.getByRole('heading', { name: uiText.pages.legal.title }).waitFor();
    await context.close();
  });
});

describe('the hidden admin path', () => {
  it('shows a signed-in non-admin the not-found page there', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail('nosy');
    await client.post('/api/functions/auth-with-rate-limit', {
      action: 'signup',
      email,
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Nosy', phone: '4155550111' } },
    });
    await acceptLegalApi(client);
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    await page.goto(adminPath);
    await page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    expect(await page.getByText(uiText.admin.title).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });

  it('a visitor sees the not-found page there', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto(adminPath);
    await page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    await context.close();
  });

  it('the admin signs in, is taken to the panel, and sees the users', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/auth');
    await page.getByRole('tab', { name: messages.auth.tabs.signin }).click();
    await page.getByLabel(uiText.auth.email).fill(ADMIN_EMAIL);
    await page.getByLabel(uiText.auth.password, { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).click();
    await page.waitForURL(`${server.url}${adminPath}`);
    await page.getByRole('heading', { name: uiText.admin.title }).waitFor();
    await page.getByRole('cell', { name: ADMIN_EMAIL }).waitFor();
    expectNoErrors();
    await context.close();
  });
});
