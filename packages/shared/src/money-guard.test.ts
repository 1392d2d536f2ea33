import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 §3: "no `/ 100` anywhere — a lint rule or test enforces it". Amounts are integers in the currency's
 * minor unit by its ISO 4217 exponent (JPY 0, EUR 2, KWD 3): what a person types is read with `parseMoney`, a
 * form shows `moneyInputValue`, a person reads `formatMoney`, an export writes `moneyDecimal` (money.ts). This
 * scans the product's source (not its tests) for money arithmetic by hundreds, which is right for two decimals
 * only.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/** Money by hundreds: cents ÷ 100, × 100 into cents, typed text × 100, two decimals for display, the old helpers. */
const MONEY_BY_HUNDREDS = [
  /cents[^\n;]*\/\s*100\b/i,
  /\b(?!\w*(percent|_bp|pct))\w*(amount|gmv|revenue|total|fare|price|balance|owed|earnings|budget|fee|tip|money|dollars)\w*\s*\/\s*100\b/i,
  /\*\s*100\)?[^\n;]*cents/i,
  /Number\([^)]*\)\s*\*\s*100\b/,
  /\/\s*100\)\.toFixed/,
  /\.toFixed\(2\)/,
  /dollarsToCents|centsToDollars|\b(toCents|fromCents|toDollars)\b/,
];

/** Lines checked by hand: hundreds that are not money (percent, basis points, ratios, multipliers, rates). */
const ALLOWED: Array<{ file: string; line: string; why: string }> = [
  { file: 'packages/shared/src/cancellation/fees.ts', line: 'Math.round((feeCents * pct) / 100)', why: 'a percentage of a fee' },
  { file: 'packages/shared/src/cancellation/schemas.ts', line: 'fee_percent_bp: Number(whole) * 100', why: 'percent → basis points' },
  { file: 'packages/shared/src/finance/schemas.ts', line: '.transform((v) => Math.round(Number(v) * 100))', why: 'percentSchema: percent → basis points' },
  { file: 'packages/shared/src/pricing/fare-lines.ts', line: 'const trim = (n: number) => Number(n.toFixed(2));', why: 'time and surge multipliers' },
  { file: 'packages/shared/src/surge/surge-text.ts', line: 'ratio.toFixed(2)', why: 'the surge ratio (requests per driver)' },
  { file: 'apps/web/src/features/surge/components/surge-pricing-page.tsx', line: 'p.ratio.toFixed(2)', why: 'the surge ratio' },
  { file: 'apps/server/src/cli/simulate.ts', line: 'rides completed/min', why: 'a rate of rides' },
];

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'));

/** Every `file:line: text` of the product's source that does money arithmetic by hundreds and is not allowed. */
export function moneyByHundreds(): string[] {
  const found: string[] = [];
  for (const root of ROOTS)
    for (const abs of sources(path.join(repo, root))) {
      const file = path.relative(repo, abs).split(path.sep).join('/');
      fs.readFileSync(abs, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (!MONEY_BY_HUNDREDS.some((p) => p.test(text))) return;
          if (ALLOWED.some((a) => a.file === file && text.includes(a.line))) return;
          found.push(`${file}:${i + 1}: ${text.trim()}`);
        });
    }
  return found;
}

describe('no money arithmetic by hundreds (issue 30 §3)', () => {
  it('the product source converts amounts only through the money module', () => {
    expect(moneyByHundreds(), 'use parseMoney / moneyInputValue / formatMoney / moneyDecimal (packages/shared/src/money.ts)').toEqual([]);
  });

  it('the patterns catch what they are for, and leave percentages alone', () => {
    const caught = (line: string) => MONEY_BY_HUNDREDS.some((p) => p.test(line));
    for (const bad of [
      'const dollars = (cents: number) => (cents / 100).toFixed(2);',
      'earnings: String(goal.earnings_cents / 100),',
      '.transform((v) => Math.round(Number(v) * 100))',
      'return Number(whole) * 100 + Number(frac); // to cents',
      'const amount = dollarsToCents(values.amount);',
      'gmv: d.gmv / 100, net_revenue: d.net_revenue / 100',
    ])
      expect(caught(bad), bad).toBe(true);
    for (const fine of ['const progress = Math.round((value / goal) * 100);', 'width: `${(s.value / top) * 100}%`', 'String(p.fee_percent_bp / 100)'])
      expect(caught(fine), fine).toBe(false);
  });

  it('every allowed line still exists (a stale allowance is removed)', () => {
    for (const a of ALLOWED) expect(fs.readFileSync(path.join(repo, a.file), 'utf8'), `${a.file}: ${a.why}`).toContain(a.line);
  });
});
