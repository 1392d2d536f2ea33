import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SURGE_RULE, nextSurge, type SurgeRule, surgeRuleProblems } from './surge';

const rule = DEFAULT_SURGE_RULE;

/** A valid rule: floor ≤ cap, ladder ascending in ratio and multiplier, within the cap. */
const ruleArb: fc.Arbitrary<SurgeRule> = fc
  .record({
    floor: fc.integer({ min: 5, max: 10 }),
    extra: fc.integer({ min: 0, max: 20 }),
    maxChange: fc.integer({ min: 1, max: 10 }),
    hysteresis: fc.double({ min: 0, max: 1, noNaN: true }),
    minRequests: fc.integer({ min: 0, max: 5 }),
    steps: fc.array(fc.tuple(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.integer({ min: 0, max: 10 })), { maxLength: 6 }),
  })
  .map(({ floor, extra, maxChange, hysteresis, minRequests, steps }) => {
    const cap = Math.min(30, floor + extra);
    let ratio = 0;
    let m = floor;
    const thresholds = steps.map(([dr, dm]) => {
      ratio = Math.round((ratio + dr) * 100) / 100;
      m = Math.min(cap, m + dm);
      return { ratio, multiplier_tenths: m };
    });
    return { thresholds, floor_tenths: floor, cap_tenths: cap, max_change_tenths: maxChange, hysteresis, min_requests: minRequests };
  });

const sample = fc.record({ requests: fc.integer({ min: 0, max: 200 }), drivers: fc.integer({ min: 0, max: 200 }) });

describe('surge', () => {
  it('rises with demand one limited step at a time, to the ladder, and never past the cap', () => {
    let m = 10;
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      m = nextSurge(rule, { current_tenths: m, requests: 40, drivers: 5 }).multiplier_tenths;
      seen.push(m);
    }
    expect(seen).toEqual([12, 14, 16, 18, 20, 20]);
  });

  it('holds a step while the ratio hovers just under its edge (hysteresis), then falls as demand fades', () => {
    // Ratio 1.5 → 1.4×; at 1.4 (within 0.25 of the edge) it stays; at 1.0 it steps down to 1.2×, where 1.0
    // is within the margin of 1.2×'s edge, so it holds there; at 0.9 it is back to 1.0×.
    let m = nextSurge(rule, { current_tenths: 14, requests: 15, drivers: 10 }).multiplier_tenths;
    expect(m).toBe(14);
    m = nextSurge(rule, { current_tenths: m, requests: 14, drivers: 10 }).multiplier_tenths;
    expect(m).toBe(14);
    m = nextSurge(rule, { current_tenths: m, requests: 10, drivers: 10 }).multiplier_tenths;
    expect(m).toBe(12);
    m = nextSurge(rule, { current_tenths: m, requests: 10, drivers: 10 }).multiplier_tenths;
    expect(m).toBe(12);
    m = nextSurge(rule, { current_tenths: m, requests: 9, drivers: 10 }).multiplier_tenths;
    expect(m).toBe(10);
  });

  it('never surges on a couple of requests, whatever the ratio', () => {
    const d = nextSurge(rule, { current_tenths: 10, requests: 2, drivers: 0 });
    expect(d).toMatchObject({ multiplier_tenths: 10, reason: 'too_few_requests', ratio: 2 });
  });

  it('freeze holds 1.0× and an override holds its value, whatever demand says', () => {
    expect(nextSurge(rule, { current_tenths: 20, requests: 100, drivers: 1, frozen: true, override_tenths: 18 })).toMatchObject({
      multiplier_tenths: 10,
      reason: 'frozen',
    });
    expect(nextSurge(rule, { current_tenths: 10, requests: 0, drivers: 50, override_tenths: 17 })).toMatchObject({ multiplier_tenths: 17, reason: 'override' });
    // An override is still held inside the rule's floor and cap.
    expect(nextSurge(rule, { current_tenths: 10, requests: 0, drivers: 50, override_tenths: 29 }).multiplier_tenths).toBe(20);
  });

  it('property: over any sequence of demand and supply, stays within floor and cap and moves at most the step limit per update', () => {
    fc.assert(
      fc.property(ruleArb, fc.array(sample, { minLength: 1, maxLength: 60 }), (r, samples) => {
        expect(surgeRuleProblems(r)).toEqual([]);
        let m = r.floor_tenths;
        for (const s of samples) {
          const next = nextSurge(r, { current_tenths: m, ...s }).multiplier_tenths;
          expect(Number.isInteger(next)).toBe(true);
          expect(next).toBeGreaterThanOrEqual(r.floor_tenths);
          expect(next).toBeLessThanOrEqual(r.cap_tenths);
          expect(Math.abs(next - m)).toBeLessThanOrEqual(r.max_change_tenths);
          m = next;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: freeze and override win over any demand', () => {
    fc.assert(
      fc.property(ruleArb, sample, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 5, max: 30 }), (r, s, current, override) => {
        expect(nextSurge(r, { current_tenths: current, ...s, frozen: true, override_tenths: override }).multiplier_tenths).toBe(10);
        expect(nextSurge(r, { current_tenths: current, ...s, override_tenths: override }).multiplier_tenths).toBe(
          Math.min(r.cap_tenths, Math.max(r.floor_tenths, override)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('property: a steady ratio settles on the ladder and stays there (no flapping)', () => {
    fc.assert(
      fc.property(ruleArb, sample, (r, s) => {
        let m = r.floor_tenths;
        for (let i = 0; i < 40; i++) m = nextSurge(r, { current_tenths: m, ...s }).multiplier_tenths;
        const settled = m;
        for (let i = 0; i < 5; i++) {
          m = nextSurge(r, { current_tenths: m, ...s }).multiplier_tenths;
          expect(m).toBe(settled);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a rule whose ladder goes down or past the cap', () => {
    expect(
      surgeRuleProblems({
        ...rule,
        thresholds: [
          { ratio: 2, multiplier_tenths: 15 },
          { ratio: 1, multiplier_tenths: 12 },
        ],
      }),
    ).toEqual(['Each step needs a higher ratio than the one before.', 'A higher ratio cannot lower the multiplier.']);
    expect(surgeRuleProblems({ ...rule, cap_tenths: 15 })).toContain('The step at ratio 2 is above the cap.');
  });
});
