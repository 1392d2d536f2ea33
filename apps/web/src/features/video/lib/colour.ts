/** Colour arithmetic for the templates: brand colours come from <input type="color"> as #rrggbb. */

export type Rgb = { r: number; g: number; b: number };

/** #rgb or #rrggbb, else null. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

export const toHex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** A valid #rrggbb, or the fallback. */
export const normaliseHex = (hex: string, fallback: string) => {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb) : fallback;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? { r: 0, g: 0, b: 0 };
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb.r) + 0.7152 * lin(rgb.g) + 0.0722 * lin(rgb.b);
}

export const INK = '#020617';
export const WHITE = '#ffffff';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or ink, whichever reads better on `background`. */
export const textOn = (background: string) => (contrast(background, WHITE) >= contrast(background, INK) ? WHITE : INK);

/** `hex` mixed toward `toward` by `amount` (0 to 1). */
export function mix(hex: string, toward: string, amount: number): string {
  const a = parseHex(hex) ?? { r: 0, g: 0, b: 0 };
  const b = parseHex(toward) ?? { r: 0, g: 0, b: 0 };
  return toHex({ r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount });
}
