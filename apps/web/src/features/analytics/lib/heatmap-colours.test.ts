import { describe, expect, it } from 'vitest';
import type { HeatmapCell } from '@openride/shared/analytics/fleet';
import { cellStyle, layerMax } from './heatmap-colours';

const cell = (demand: number, supply: number, gap: number): HeatmapCell => ({
  cell: `c${demand}${supply}${gap}`,
  boundary: [],
  center: [0, 0],
  demand,
  supply,
  gap,
});

describe('heatmap colours', () => {
  it('scales opacity by the share of the largest value, and the gap by its magnitude', () => {
    const cells = [cell(10, 0.5, 40), cell(2, 3, -60)];
    expect(layerMax(cells, 'demand')).toBe(10);
    expect(layerMax(cells, 'supply')).toBe(3);
    expect(layerMax(cells, 'gap')).toBe(60);
    expect(layerMax([], 'gap')).toBe(0);
    expect(cellStyle(10, 10, 'demand')).toEqual({ fill: '#ea580c', opacity: 0.7 });
    expect(cellStyle(0, 10, 'demand').opacity).toBe(0.12);
    expect(cellStyle(5, 10, 'supply').fill).toBe('#059669');
    expect(cellStyle(-60, 60, 'gap')).toEqual({ fill: '#2563eb', opacity: 0.7 });
    expect(cellStyle(30, 60, 'gap').fill).toBe('#dc2626');
    expect(cellStyle(30, 60, 'gap').opacity).toBeCloseTo(0.41, 2);
    expect(cellStyle(3, 0, 'demand').opacity).toBe(0.12);
  });
});
