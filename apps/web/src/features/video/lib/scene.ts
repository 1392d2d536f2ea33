import { videoText } from '@openride/shared/video/video-text';
import { mix, textOn } from './colour';
import { SCENE_DURATION_S, type TemplateId } from './formats';

const words = videoText.scene;

/** The live figures a template may show (from GET /api/admin/video-figures), already chosen for the city. */
export type SceneFigures = {
  drivers: number;
  rides: number;
  recentRides: number;
  recentDays: number;
  rating: number | null;
  /** The cheapest ride type's "from" price, formatted in the city's currency; null when the city has none. */
  fromPrice: { price: string; type: string } | null;
};

export type SceneInputs = {
  template: TemplateId;
  primary: string;
  accent: string;
  city: string;
  headline: string;
  sub: string;
  promoCode: string;
  figures: SceneFigures;
};

/** One figure as drawn: counted up from zero to `value` as it enters, shown with `decimals`. */
export type Stat = { value: number; decimals: number; prefix: string; label: string };

/** Text roles, each with its size in units (a unit is a hundredth of the frame's shorter side) and weight. */
export const TEXT_STYLES = {
  kicker: { size: 4.4, weight: 600, colour: 'accent' },
  title: { size: 10.5, weight: 800, colour: 'ink' },
  headline: { size: 6.6, weight: 800, colour: 'ink' },
  sub: { size: 4, weight: 500, colour: 'muted' },
  label: { size: 3.6, weight: 600, colour: 'muted' },
  price: { size: 4.6, weight: 700, colour: 'ink' },
} as const;
export type TextRole = keyof typeof TEXT_STYLES;

export type SceneElement =
  | { id: string; kind: 'text'; role: TextRole; text: string; start: number }
  | { id: string; kind: 'stats'; stats: Stat[]; start: number; stagger: number }
  | { id: string; kind: 'code'; text: string; start: number }
  | { id: string; kind: 'pill'; text: string; start: number };

/** A template filled in: colours resolved, every element with the second it enters. Pure data. */
export type Scene = {
  template: TemplateId;
  duration: number;
  colours: { background: string; shade: string; accent: string; ink: string; muted: string; onAccent: string; card: string };
  brand: string;
  elements: SceneElement[];
};

/** How long an element takes to come in, in seconds. */
export const ENTER_S = 0.6;
/** How long a figure counts up, in seconds. */
export const COUNT_S = 1.2;

/**
 * The figures a template shows, leaving out the ones that are still zero (a launch video does not brag about
 * "0 rides") — a city with none shows none.
 */
export function statsOf(template: TemplateId, f: SceneFigures): Stat[] {
  if (template === 'promotion') return [];
  const rides =
    template === 'city_launch'
      ? { value: f.rides, decimals: 0, prefix: '', label: words.stats.rides(f.rides) }
      : { value: f.recentRides, decimals: 0, prefix: '', label: words.stats.recentRides(f.recentRides, f.recentDays) };
  const all: Stat[] = [
    { value: f.drivers, decimals: 0, prefix: '', label: words.stats.drivers(f.drivers) },
    rides,
    { value: f.rating ?? 0, decimals: 1, prefix: '★ ', label: words.stats.rating },
  ];
  return all.filter((s) => s.value > 0);
}

/** The promo code as riders type it: capitals and digits, at most 16. */
export const cleanPromoCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);

/** A template filled with the admin's inputs: what enters when. The same inputs always give the same scene. */
export function buildScene(inputs: SceneInputs): Scene {
  const { template } = inputs;
  const ink = textOn(inputs.primary);
  const colours = {
    background: inputs.primary,
    shade: mix(inputs.primary, '#000000', 0.35),
    accent: inputs.accent,
    ink,
    muted: mix(ink, inputs.primary, 0.25),
    onAccent: textOn(inputs.accent),
    card: mix(inputs.primary, ink, 0.1),
  };
  const city = inputs.city.trim() || '—';
  const elements: SceneElement[] = [{ id: 'kicker', kind: 'text', role: 'kicker', text: words.kicker[template](city), start: 0.3 }];

  if (template === 'city_launch') {
    elements.push({ id: 'title', kind: 'text', role: 'title', text: city, start: 0.7 });
    if (inputs.headline.trim()) elements.push({ id: 'headline', kind: 'text', role: 'headline', text: inputs.headline.trim(), start: 1.5 });
  } else if (inputs.headline.trim()) {
    elements.push({ id: 'headline', kind: 'text', role: 'headline', text: inputs.headline.trim(), start: 0.8 });
  }

  const stats = statsOf(template, inputs.figures);
  if (stats.length > 0) elements.push({ id: 'stats', kind: 'stats', stats, start: 2.5, stagger: 0.3 });

  if (template === 'promotion') {
    const code = cleanPromoCode(inputs.promoCode);
    if (code) {
      elements.push({ id: 'code-label', kind: 'text', role: 'label', text: words.promoLabel, start: 1.8 });
      elements.push({ id: 'code', kind: 'code', text: code, start: 2.1 });
    }
    if (inputs.figures.fromPrice) {
      elements.push({
        id: 'price',
        kind: 'text',
        role: 'price',
        text: words.fromPrice(inputs.figures.fromPrice.price, inputs.figures.fromPrice.type),
        start: 3.2,
      });
    }
  }

  if (inputs.sub.trim()) elements.push({ id: 'sub', kind: 'text', role: 'sub', text: inputs.sub.trim(), start: 4 });
  elements.push({ id: 'cta', kind: 'pill', text: words.cta[template], start: 4.8 });

  return { template, duration: SCENE_DURATION_S, colours, brand: words.brand, elements };
}

/** easeOutCubic on 0..1. */
export const ease = (p: number) => 1 - (1 - Math.min(1, Math.max(0, p))) ** 3;

/** How far in an element is at `t`: 0 before its start, 1 once it has fully entered. */
export const enterProgress = (start: number, t: number) => (t <= start ? 0 : Math.min(1, (t - start) / ENTER_S));

/** The ids of the elements on screen at `t` (entered or entering), in drawing order. */
export const visibleAt = (scene: Scene, t: number) => scene.elements.filter((e) => enterProgress(e.start, t) > 0).map((e) => e.id);

/** A figure's value at `t`, counting up from zero from `start`, rounded to its decimals. */
export function countUp(stat: Stat, start: number, t: number): string {
  const p = t <= start ? 0 : ease((t - start) / COUNT_S);
  const v = stat.value * p;
  const shown = stat.decimals > 0 ? v.toFixed(stat.decimals) : Math.round(v).toLocaleString('en');
  return `${stat.prefix}${shown}`;
}
