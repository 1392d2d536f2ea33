import { describe, expect, it } from 'vitest';
import { contrast, normaliseHex, textOn } from './colour';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY } from './formats';
import { buildScene, cleanPromoCode, countUp, type SceneInputs, statsOf, visibleAt } from './scene';

const figures = { drivers: 42, rides: 1234, recentRides: 310, recentDays: 30, rating: 4.8, fromPrice: { price: '$10.50', type: 'Economy' } };
const inputs = (over: Partial<SceneInputs> = {}): SceneInputs => ({
  template: 'city_launch',
  primary: DEFAULT_PRIMARY,
  accent: DEFAULT_ACCENT,
  city: 'San Francisco',
  headline: 'Rides at the tap of a button',
  sub: 'Local drivers.',
  promoCode: 'launch-25',
  figures,
  ...over,
});

describe('buildScene', () => {
  it('a city launch: the city as title, the figures, the call to action; each element enters at its second', () => {
    const scene = buildScene(inputs());
    expect(scene.duration).toBe(7);
    expect(scene.elements.map((e) => e.id)).toEqual(['kicker', 'title', 'headline', 'stats', 'sub', 'cta']);
    expect(scene.elements.find((e) => e.id === 'kicker')).toMatchObject({ text: 'Now in San Francisco' });
    expect(scene.elements.find((e) => e.id === 'title')).toMatchObject({ text: 'San Francisco' });
    // Starts rise: the story reads top to bottom.
    const starts = scene.elements.map((e) => e.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(Math.max(...starts)).toBeLessThan(scene.duration - 1);
  });

  it('which elements are on screen at t', () => {
    const scene = buildScene(inputs());
    expect(visibleAt(scene, 0)).toEqual([]);
    expect(visibleAt(scene, 0.5)).toEqual(['kicker']);
    expect(visibleAt(scene, 2)).toEqual(['kicker', 'title', 'headline']);
    expect(visibleAt(scene, scene.duration)).toEqual(['kicker', 'title', 'headline', 'stats', 'sub', 'cta']);
  });

  it('driver recruitment shows the recent rides; a promotion the cleaned code and the from price, no figures', () => {
    const driver = buildScene(inputs({ template: 'driver_recruitment' }));
    const stats = driver.elements.find((e) => e.kind === 'stats');
    expect(stats?.kind === 'stats' && stats.stats.map((s) => s.label)).toEqual(['drivers', 'rides in 30 days', 'average rating']);
    const promo = buildScene(inputs({ template: 'promotion' }));
    expect(promo.elements.map((e) => e.id)).toEqual(['kicker', 'headline', 'code-label', 'code', 'price', 'sub', 'cta']);
    expect(promo.elements.find((e) => e.id === 'code')).toMatchObject({ text: 'LAUNCH25' });
    expect(promo.elements.find((e) => e.id === 'price')).toMatchObject({ text: 'Economy rides from $10.50' });
    // No code, no code box.
    expect(buildScene(inputs({ template: 'promotion', promoCode: ' -- ' })).elements.map((e) => e.id)).not.toContain('code');
  });

  it('leaves out figures that are still zero, and the row when all are', () => {
    expect(statsOf('city_launch', { ...figures, drivers: 0, rating: null }).map((s) => s.label)).toEqual(['rides completed']);
    const none = buildScene(inputs({ figures: { ...figures, drivers: 0, rides: 0, rating: null } }));
    expect(none.elements.some((e) => e.kind === 'stats')).toBe(false);
    expect(statsOf('city_launch', { ...figures, drivers: 1 })[0]!.label).toBe('driver');
  });

  it('reads on any brand colour: white on dark, ink on light', () => {
    expect(buildScene(inputs()).colours.ink).toBe('#ffffff');
    const light = buildScene(inputs({ primary: '#fde047' }));
    expect(light.colours.ink).toBe('#020617');
    expect(contrast(light.colours.ink, '#fde047')).toBeGreaterThan(4.5);
    expect(textOn('#10b981')).toBe('#020617');
    expect(normaliseHex('#ABC', '#000000')).toBe('#aabbcc');
    expect(normaliseHex('red', '#000000')).toBe('#000000');
  });

  it('counts figures up from zero as they enter', () => {
    const stat = { value: 1234, decimals: 0, prefix: '', label: 'rides' };
    expect(countUp(stat, 2, 1)).toBe('0');
    expect(countUp(stat, 2, 10)).toBe('1,234');
    expect(Number(countUp(stat, 2, 2.3).replace(',', ''))).toBeGreaterThan(0);
    expect(countUp({ value: 4.8, decimals: 1, prefix: '★ ', label: 'rating' }, 0, 5)).toBe('★ 4.8');
    expect(cleanPromoCode('summer 2026!')).toBe('SUMMER2026');
  });
});
