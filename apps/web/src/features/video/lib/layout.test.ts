import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY, FORMAT_IDS, FORMATS, TEMPLATE_IDS } from './formats';
import { BRAND_TOP, BRAND_UNITS, frameAt, layoutScene, type Measure, wrapText } from './layout';
import { buildScene, type SceneInputs } from './scene';

/** A stand-in for measureText: every character is 0.55 em wide. */
const measure: Measure = (text, size) => text.length * size * 0.55;

const inputs = (over: Partial<SceneInputs> = {}): SceneInputs => ({
  template: 'city_launch',
  primary: DEFAULT_PRIMARY,
  accent: DEFAULT_ACCENT,
  city: 'San Francisco',
  headline: 'Rides at the tap of a button',
  sub: 'Local drivers, upfront prices, safe trips.',
  promoCode: 'LAUNCH25',
  figures: { drivers: 42, rides: 1234, recentRides: 310, recentDays: 30, rating: 4.8, fromPrice: { price: '$10.50', type: 'Economy' } },
  ...over,
});

describe('wrapText', () => {
  const chars = (s: string) => s.length;
  it('breaks at spaces within the width', () => {
    expect(wrapText('one two three four', 9, chars)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('short', 100, chars)).toEqual(['short']);
    expect(wrapText('  ', 10, chars)).toEqual([]);
  });
  it('cuts a word longer than a line, and keeps line breaks', () => {
    expect(wrapText('abcdefghij', 4, chars)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('a\nb', 10, chars)).toEqual(['a', 'b']);
  });
});

describe('layoutScene and frameAt', () => {
  it('every template in every format stays inside the frame, even with long texts', () => {
    const long = 'A much longer headline than anyone should write for a short video, but people will';
    for (const template of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        const size = FORMATS[format];
        const scene = buildScene(inputs({ template, headline: long, sub: long, city: 'Llanfairpwllgwyngyll' }));
        const layout = layoutScene(scene, size, measure);
        const ops = frameAt(scene, layout, scene.duration);
        for (const op of ops) {
          if (op.op !== 'text') continue;
          const w = measure(op.text, op.size, op.weight);
          expect(op.x - w / 2, `${template} ${format}: ${op.text}`).toBeGreaterThanOrEqual(0);
          expect(op.x + w / 2, `${template} ${format}: ${op.text}`).toBeLessThanOrEqual(size.width);
          expect(op.y, `${template} ${format}: ${op.text}`).toBeGreaterThanOrEqual(0);
          // Nothing runs into the brand line at the top.
          if (op.text !== 'OpenRide')
            expect(op.y, `${template} ${format}: ${op.text}`).toBeGreaterThan(
              size.height * BRAND_TOP + BRAND_UNITS * (Math.min(size.width, size.height) / 100),
            );
          expect(op.y + op.size, `${template} ${format}: ${op.text}`).toBeLessThanOrEqual(size.height);
        }
      }
    }
  });

  it('keeps blocks in order without overlap, and the same places at every t', () => {
    const scene = buildScene(inputs());
    const layout = layoutScene(scene, FORMATS.vertical, measure);
    for (let i = 1; i < layout.placed.length; i++) {
      const [a, b] = [layout.placed[i - 1]!, layout.placed[i]!];
      expect(b.top).toBeGreaterThanOrEqual(a.top + a.height);
    }
    expect(layout.scale).toBe(1);
  });

  it('draws only what has started: the background and brand at 0, every text by the end', () => {
    const scene = buildScene(inputs());
    const layout = layoutScene(scene, FORMATS.square, measure);
    const texts = (t: number) => frameAt(scene, layout, t).flatMap((op) => (op.op === 'text' ? [op.text] : []));
    expect(texts(0)).toEqual(['OpenRide']);
    expect(texts(0.5)).toContain('Now in San Francisco');
    expect(texts(0.5)).not.toContain('San Francisco');
    const end = texts(scene.duration);
    for (const t of ['Now in San Francisco', 'San Francisco', '42', '1,234', '★ 4.8', 'Book your first ride']) expect(end).toContain(t);
    // Entering elements fade in.
    const kicker = frameAt(scene, layout, 0.45).find((op) => op.op === 'text' && op.text === 'Now in San Francisco');
    expect(kicker && kicker.op === 'text' && kicker.alpha).toBeGreaterThan(0);
    expect(kicker && kicker.op === 'text' && kicker.alpha).toBeLessThan(1);
  });

  it('scales a long promo code down instead of past the margins', () => {
    const scene = buildScene(inputs({ template: 'promotion', promoCode: 'WWWWWWWWWWWWWWWW' }));
    const layout = layoutScene(scene, FORMATS.vertical, measure);
    const code = layout.placed.find((p) => p.id === 'code');
    expect(code?.kind === 'code' && code.width).toBeLessThanOrEqual(FORMATS.vertical.width * 0.84 + 1);
  });
});
