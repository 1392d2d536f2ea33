/** Latency summaries from raw samples (milliseconds). Sorting a copy is fine at benchmark sizes. */
export type Summary = { count: number; mean: number; p50: number; p90: number; p99: number; max: number };

export function summarize(samples: ArrayLike<number>): Summary {
  const n = samples.length;
  if (n === 0) return { count: 0, mean: NaN, p50: NaN, p90: NaN, p99: NaN, max: NaN };
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  return { count: n, mean: sum / n, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted[n - 1]! };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const rank = Math.ceil((p / 100) * n);
  return sorted[Math.min(n - 1, Math.max(0, rank - 1))]!;
}

/** Ratio a/b, or null when either side is missing. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
