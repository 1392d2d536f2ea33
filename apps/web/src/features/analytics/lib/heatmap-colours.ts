import type { HeatmapCell, HeatmapLayer } from '@openride/shared/analytics/fleet';

/** Demand orange, supply green; the gap diverges: red where riders outnumber drivers, blue where drivers wait. */
const FILL = { demand: '#ea580c', supply: '#059669', riders: '#dc2626', drivers: '#2563eb' } as const;
const MIN_OPACITY = 0.12;
const MAX_OPACITY = 0.7;

/** The largest magnitude of the layer over the cells (the top of the legend); 0 with no cells. */
export function layerMax(cells: readonly HeatmapCell[], layer: HeatmapLayer): number {
  let max = 0;
  for (const c of cells) max = Math.max(max, Math.abs(c[layer]));
  return max;
}

/** A cell's colour and opacity: the opacity grows with the value's share of the layer's largest. */
export function cellStyle(value: number, max: number, layer: HeatmapLayer): { fill: string; opacity: number } {
  const share = max > 0 ? Math.min(1, Math.abs(value) / max) : 0;
  const fill = layer === 'gap' ? (value >= 0 ? FILL.riders : FILL.drivers) : FILL[layer];
  return { fill, opacity: Math.round((MIN_OPACITY + share * (MAX_OPACITY - MIN_OPACITY)) * 100) / 100 };
}
