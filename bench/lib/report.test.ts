import { describe, expect, it } from 'vitest';
import { atLeast, atMost, formatNumber, markdownTable } from './report';
import { percentile, ratio, summarize } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarizes unsorted samples without touching them', () => {
    const samples = [5, 1, 4, 2, 3];
    expect(summarize(samples)).toEqual({ count: 5, mean: 3, p50: 3, p90: 5, p99: 5, max: 5 });
    expect(samples).toEqual([5, 1, 4, 2, 3]);
  });

  it('gives no ratio or verdict for a missing value', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
    expect(atLeast(3000, 3000)).toBe(true);
    expect(atLeast(2999, 3000)).toBe(false);
    expect(atMost(25.1, 25)).toBe(false);
    expect(atMost(undefined, 25)).toBeNull();
  });
});

describe('bench table', () => {
  it('formats figures to a readable precision', () => {
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(123.4)).toBe('123');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatNumber(1.234)).toBe('1.23');
    expect(formatNumber(0.01234)).toBe('0.012');
    expect(formatNumber(null)).toBe('—');
  });

  it('prints one row per figure with baseline, ratio, target and verdict', () => {
    const table = markdownTable([
      {
        area: 1,
        figure: 'GET /api/health req/s',
        value: 9000,
        unit: 'req/s',
        baseline: { label: 'bare node:http', value: 10000 },
        ratio: 0.9,
        target: '≥ 0.8× bare',
        met: true,
      },
      { area: 2, figure: 'poll | PostgreSQL', value: null, unit: 'req/s', target: '≥ 3,000 req/s', met: null, note: 'PostgreSQL not reachable' },
      { area: 4, figure: 'p99', value: 1.5, unit: 'ms', target: '≤ 1 ms', met: false },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('| # | Figure | Value | Baseline (same run) | Ratio | Target | Met? |');
    expect(lines[2]).toBe('| 1 | GET /api/health req/s | 9,000 req/s | 10,000 req/s (bare node:http) | 0.90× | ≥ 0.8× bare | yes |');
    expect(lines[3]).toBe('| 2 | poll \\| PostgreSQL | — (PostgreSQL not reachable) |  |  | ≥ 3,000 req/s | — |');
    expect(lines[4]).toBe('| 4 | p99 | 1.50 ms |  |  | ≤ 1 ms | **no** |');
  });
});
