/**
 * The colour of a multiplier on /surge-pricing's map and legend: green at 1.0× (or below), amber at 1.5×,
 * red from 2.0×, blended in between. One scale, so the legend and the zones always agree.
 */
const STOPS: Array<[tenths: number, rgb: [number, number, number]]> = [
  [10, [22, 163, 74]],
  [15, [217, 119, 6]],
  [20, [220, 38, 38]],
];

export function surgeColour(tenths: number): string {
  const t = Math.max(STOPS[0]![0], Math.min(STOPS[STOPS.length - 1]![0], tenths));
  for (let i = 1; i < STOPS.length; i++) {
    const [hi, b] = STOPS[i]!;
    const [lo, a] = STOPS[i - 1]!;
    if (t <= hi) {
      const k = (t - lo) / (hi - lo);
      const mix = a.map((v, j) => Math.round(v + (b[j]! - v) * k));
      return `rgb(${mix[0]}, ${mix[1]}, ${mix[2]})`;
    }
  }
  const [, last] = STOPS[STOPS.length - 1]!;
  return `rgb(${last[0]}, ${last[1]}, ${last[2]})`;
}

/** The legend's swatches: 1.0× to 2.0× in steps of 0.2×. */
export const LEGEND_TENTHS = [10, 12, 14, 16, 18, 20] as const;
