import type { Row } from './types';

/** 12,345 · 123 · 12.3 · 1.23 · 0.123 — enough digits to read, not more than the noise is worth. */
export function formatNumber(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(2);
}

const withUnit = (v: number | null | undefined, unit: string | undefined) => {
  const n = formatNumber(v);
  return n === '—' || !unit ? n : `${n} ${unit}`;
};

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The one Markdown table `npm run bench` ends with. */
export function markdownTable(rows: Row[]): string {
  const head = ['#', 'Figure', 'Value', 'Baseline (same run)', 'Ratio', 'Target', 'Met?'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h) => (h === 'Value' || h === 'Ratio' ? '---:' : '---')).join('|')}|`];
  for (const r of rows) {
    const baseline = r.baseline ? `${withUnit(r.baseline.value, r.baseline.unit ?? r.unit)} (${r.baseline.label})` : '';
    const ratio = r.ratio == null ? (r.baseline ? '—' : '') : `${formatNumber(r.ratio)}×`;
    const met = r.met == null ? (r.target ? '—' : '') : r.met ? 'yes' : '**no**';
    // A note (failed calls, timeouts) stays beside its figure: a number measured through failures is no figure.
    const value = r.value == null && r.note ? `— (${r.note})` : r.note ? `${withUnit(r.value, r.unit)} (${r.note})` : withUnit(r.value, r.unit);
    lines.push(`| ${[String(r.area), r.figure, value, baseline, ratio, r.target ?? '', met].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** A target check: `atLeast(v, 3000)` is true/false, or null when the value is missing. */
export const atLeast = (v: number | null | undefined, min: number) => (v == null || !Number.isFinite(v) ? null : v >= min);
export const atMost = (v: number | null | undefined, max: number) => (v == null || !Number.isFinite(v) ? null : v <= max);
