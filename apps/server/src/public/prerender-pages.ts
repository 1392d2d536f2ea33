import { legalBlocks } from '@openride/shared/legal/legal-blocks';
import { helpText } from '@openride/shared/help/help-text';
import { legalText } from '@openride/shared/legal/legal-text';
import { LEGAL_KINDS } from '@openride/shared/legal/schemas';
import { messages } from '@openride/shared/messages';
import { aboutText, safetyItems, safetyText } from '@openride/shared/public/info-text';
import { moneyIn, publicText } from '@openride/shared/public/public-text';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { listFaq } from '../help/help.repo';
import { currentLegalDocuments } from '../legal/legal.repo';
import { listPublicCities } from './list-public-cities';
import { publicPricing } from './public-pricing';
import type { Ports } from '../ports';
import type { SurgeEngine } from '../surge/surge-engine';
import type { Telephony } from '../telephony/telephony';

/**
 * Public information pages pre-rendered into index.html (issue 15, decision 0057): a crawler and a slow phone
 * read the page before the app's JavaScript runs; React then renders over it (createRoot replaces #root's
 * children). Plain HTML from the same words and tables as the app's pages; no script, no inline style (CSP).
 */
export type PrerenderedPage = { title: string; description: string; html: string };
export type PrerenderPage = (services: Pick<Ports, 'db'> & { surge: SurgeEngine; telephony: Telephony | null }) => Promise<PrerenderedPage>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const h1 = (s: string) => `<h1 class="text-3xl font-bold tracking-tight text-ink-900">${escapeHtml(s)}</h1>`;
const h2 = (s: string, id?: string) => `<h2${id ? ` id="${id}"` : ''} class="text-xl font-semibold text-ink-900">${escapeHtml(s)}</h2>`;
const h3 = (s: string) => `<h3 class="font-semibold text-ink-900">${escapeHtml(s)}</h3>`;
const p = (s: string) => `<p class="text-ink-700">${escapeHtml(s)}</p>`;
const ul = (items: string[]) => `<ul class="list-disc space-y-1 pl-6 text-ink-700">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
const section = (inner: string) => `<section class="space-y-3">${inner}</section>`;
const link = (href: string, label: string) => `<a class="font-semibold text-brand-700 underline" href="${href}">${escapeHtml(label)}</a>`;

const NAV: Array<[string, string]> = [
  ['/', messages.nav.links[0]],
  ['/services', messages.nav.links[1]],
  ['/pricing', messages.nav.links[2]],
  ['/safety', messages.nav.links[3]],
  ['/about', messages.nav.links[4]],
  ['/contact', messages.nav.links[5]],
  ['/help', messages.nav.links[6]],
  ['/legal', messages.footer.legal],
];

/** The page inside a minimal frame: a nav of the public pages (crawlers follow it) and the content in <main>. */
export function framePage(content: string): string {
  const nav = NAV.map(([href, label]) => `<li><a class="text-ink-700 hover:underline" href="${href}">${escapeHtml(label)}</a></li>`).join('');
  return (
    `<nav data-prerendered aria-label="Site" class="border-b border-ink-200 px-4 py-3"><ul class="mx-auto flex max-w-3xl flex-wrap gap-x-4 gap-y-1 text-sm">${nav}</ul></nav>` +
    `<main id="main" class="mx-auto max-w-3xl space-y-8 px-4 py-10">${content}</main>`
  );
}

const servedCityNames = async (services: Pick<Ports, 'db'>) => (await listPublicCities(services)).map((c) => c.name);

const about: PrerenderPage = async (services) => {
  const cities = await servedCityNames(services);
  return {
    title: aboutText.title,
    description: aboutText.description,
    html: [
      h1(aboutText.title),
      section(h2(aboutText.whatTitle) + aboutText.what.map(p).join('')),
      section(h2(aboutText.citiesTitle) + p(aboutText.cities(cities))),
      section(h2(aboutText.openTitle) + aboutText.open.map(p).join('')),
      section(h2(aboutText.sourceTitle) + p(aboutText.source)),
      section(h2(aboutText.dataTitle) + p(aboutText.dataIntro) + ul(aboutText.data) + `<p>${link('/legal#privacy', aboutText.dataLink)}</p>`),
    ].join(''),
  };
};

const safety: PrerenderPage = async (services) => ({
  title: safetyText.title,
  description: safetyText.description,
  html: [
    h1(safetyText.title),
    p(safetyText.intro),
    section(
      safetyItems(services.telephony !== null)
        .map((item) => `<div class="space-y-1">${h2(item.title)}${p(item.text)}</div>`)
        .join(''),
    ),
    section(h2(safetyText.helpTitle) + p(safetyText.help)),
  ].join(''),
});

const legal: PrerenderPage = async (services) => {
  const docs = await currentLegalDocuments(services.db);
  const rendered = LEGAL_KINDS.map((kind) => {
    const doc = docs[kind];
    const blocks = legalBlocks(doc.body)
      .map((b) => (b.type === 'heading' ? h3(b.text) : b.type === 'list' ? ul(b.items) : p(b.text)))
      .join('');
    const date = new Date(doc.published_at).toISOString().slice(0, 10);
    return `<article class="space-y-3" aria-labelledby="${legalText.anchors[kind]}">${h2(legalText.names[kind], legalText.anchors[kind])}${p(legalText.version(doc.version, date))}${blocks}</article>`;
  });
  return { title: legalText.title, description: legalText.description, html: h1(legalText.title) + p(legalText.description) + rendered.join('') };
};

const services: PrerenderPage = async (s) => {
  const cities = await servedCityNames(s);
  return {
    title: uiText.pages.services.title,
    description: uiText.pages.services.text,
    html: [
      h1(uiText.pages.services.title),
      p(publicText.services.intro),
      section(h2(publicText.services.rideTypes) + ul(RIDE_TYPES.map((type) => `${RIDE_TYPE_NAMES[type]}: ${publicText.rideTypes[type]}`))),
      section(h2(publicText.services.cities) + p(aboutText.cities(cities))),
    ].join(''),
  };
};

const pricing: PrerenderPage = async (s) => {
  const cities = await listPublicCities(s);
  const perCity = await Promise.all(
    cities.map(async (city) => {
      const price = await publicPricing(s, city.id);
      const money = moneyIn(price.city.currency);
      const types = price.ride_types
        .map((t) => `<div class="space-y-1">${h3(t.name)}${p(t.description)}${p(publicText.formula(t.fare, money))}</div>`)
        .join('');
      return section(h2(city.name) + types + h3(publicText.surge.title) + price.surge.summary.map(p).join(''));
    }),
  );
  return {
    title: uiText.pages.pricing.title,
    description: uiText.pages.pricing.text,
    html: h1(uiText.pages.pricing.title) + p(publicText.pricing.rideTypesIntro) + (perCity.length ? perCity.join('') : p(publicText.pricing.noCities)),
  };
};

/** /help: every question and answer by topic (decision 0056's FAQ, read with the same `listFaq` as its API). */
const help: PrerenderPage = async (services) => {
  const { topics } = await listFaq(services.db);
  const groups = topics
    .filter((t) => t.entries.length > 0)
    .map((t) => section(h2(t.label) + t.entries.map((e) => `<div class="space-y-1">${h3(e.question)}${p(e.answer)}</div>`).join('')));
  return {
    title: helpText.title,
    description: helpText.intro,
    html:
      h1(helpText.title) +
      p(helpText.intro) +
      groups.join('') +
      section(h2(helpText.stillNeedHelp) + p(helpText.stillNeedHelpVisitor) + `<p>${link('/contact', helpText.contactUs)}</p>`),
  };
};

/** A page whose content is not built yet: its heading and sentence (the app's placeholder text). */
const headingOnly =
  (page: { title: string; text: string }): PrerenderPage =>
  async () => ({ title: page.title, description: page.text, html: h1(page.title) + p(page.text) });

/** The registry: path → page. /contact shows its heading and sentence (the form needs the app). */
export const PRERENDERED_PAGES: Record<string, PrerenderPage> = {
  '/about': about,
  '/safety': safety,
  '/legal': legal,
  '/services': services,
  '/pricing': pricing,
  '/contact': headingOnly(uiText.pages.contact),
  '/help': help,
};

/** How long a rendered page is reused: a change by an operator (a new Terms version) shows within this. */
export const PRERENDER_TTL_MS = 15_000;

/**
 * The pre-render of `path` (null: not a pre-rendered page), cached per path for PRERENDER_TTL_MS; a page that
 * fails to render (the database is down) is logged by the caller and the plain app shell is served instead.
 */
export function createPrerenderer(
  services: Pick<Ports, 'db'> & { surge: SurgeEngine; telephony: Telephony | null },
  pages = PRERENDERED_PAGES,
  ttlMs = PRERENDER_TTL_MS,
) {
  const cache = new Map<string, { at: number; page: Promise<PrerenderedPage> }>();
  return (path: string): Promise<PrerenderedPage> | null => {
    const key = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const render = Object.hasOwn(pages, key) ? pages[key] : undefined;
    if (!render) return null;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.page;
    const page = render(services).then((r) => ({ ...r, html: framePage(r.html) }));
    cache.set(key, { at: Date.now(), page });
    page.catch(() => cache.delete(key));
    return page;
  };
}
