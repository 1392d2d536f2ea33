/**
 * Surge: a demand/supply multiplier per pricing zone (issue 12, decision 0035). Pure: the server's tick feeds
 * it counts and the zone's rule, and stores what it returns. Multipliers are integer tenths (10 = 1.0×), so
 * steps of 0.1 add up exactly and nothing drifts over thousands of updates.
 */

/** One step of the rule's ladder: from this demand/supply ratio up, this multiplier (in tenths). */
export type SurgeThreshold = { ratio: number; multiplier_tenths: number };

export type SurgeRule = {
  /** Ratio → multiplier ladder, ascending by ratio. Below the first step: the floor. */
  thresholds: SurgeThreshold[];
  /** Lowest multiplier, tenths (default 10 = 1.0×). */
  floor_tenths: number;
  /** Highest multiplier, tenths (default 20 = 2.0×). */
  cap_tenths: number;
  /** Largest change in one update, tenths (default 2 = ±0.2×). */
  max_change_tenths: number;
  /** To step down, the ratio must fall this far below the step it is on (default 0.25): no flapping at an edge. */
  hysteresis: number;
  /** Fewer open requests than this in the window never surge (a single request is not demand). */
  min_requests: number;
};

export const DEFAULT_SURGE_RULE: SurgeRule = {
  thresholds: [
    { ratio: 1.2, multiplier_tenths: 12 },
    { ratio: 1.5, multiplier_tenths: 14 },
    { ratio: 2, multiplier_tenths: 16 },
    { ratio: 3, multiplier_tenths: 20 },
  ],
  floor_tenths: 10,
  cap_tenths: 20,
  max_change_tenths: 2,
  hysteresis: 0.25,
  min_requests: 3,
};

/** Update period and demand window defaults (the issue's: every 60 s, over 5 minutes). */
export const SURGE_TICK_SECONDS = 60;
export const SURGE_WINDOW_SECONDS = 5 * 60;
/** How long a quote's surge multiplier is held for the ride requested from it (the "say 2 minutes"). */
export const QUOTE_VALIDITY_S = 120;

export type SurgeInput = {
  /** The zone's multiplier now, tenths. */
  current_tenths: number;
  /** Open ride requests with their pickup in the zone over the window. */
  requests: number;
  /** Idle, approved, online drivers in the zone. */
  drivers: number;
  /** An operator's fixed multiplier until a time (tenths), when one is in force. */
  override_tenths?: number | null;
  /** The city's freeze switch: surge held at 1.0×. */
  frozen?: boolean;
};

export type SurgeReason = 'frozen' | 'override' | 'too_few_requests' | 'ratio';

export type SurgeDecision = {
  multiplier_tenths: number;
  /** Demand/supply; drivers counted as at least one, so no drivers and 4 requests reads as 4. */
  ratio: number;
  /** The multiplier the ladder asks for before the step limit. */
  target_tenths: number;
  reason: SurgeReason;
  /** The ladder step applied (its ratio), or null below the first. */
  threshold: number | null;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Demand over supply, drivers counted as at least one; rounded to hundredths for display and storage. */
export const surgeRatio = (requests: number, drivers: number) => Math.round((Math.max(0, requests) / Math.max(1, drivers)) * 100) / 100;

/** The highest step whose ratio the given ratio reaches, or null. */
function stepAt(rule: SurgeRule, ratio: number): SurgeThreshold | null {
  let found: SurgeThreshold | null = null;
  for (const t of rule.thresholds) if (ratio >= t.ratio) found = t;
  return found;
}

/**
 * The next multiplier. Freeze wins over everything (1.0×, not the floor: the emergency rule), then an
 * override (held within floor..cap), then the ladder: the step the ratio reaches, stepping down only once the
 * ratio is `hysteresis` below the current step's ratio, moved towards by at most `max_change_tenths`, always
 * within floor..cap.
 */
export function nextSurge(rule: SurgeRule, input: SurgeInput): SurgeDecision {
  const ratio = surgeRatio(input.requests, input.drivers);
  if (input.frozen) return { multiplier_tenths: 10, ratio, target_tenths: 10, reason: 'frozen', threshold: null };
  if (input.override_tenths != null) {
    const m = clamp(Math.round(input.override_tenths), rule.floor_tenths, rule.cap_tenths);
    return { multiplier_tenths: m, ratio, target_tenths: m, reason: 'override', threshold: null };
  }
  const current = clamp(Math.round(input.current_tenths), rule.floor_tenths, rule.cap_tenths);
  const few = input.requests < rule.min_requests;
  const ladder = (r: number) => (few ? rule.floor_tenths : (stepAt(rule, r)?.multiplier_tenths ?? rule.floor_tenths));
  const raw = ladder(ratio);
  // Hysteresis: going down, only as far as the ratio plus the margin still supports (never above now).
  const wanted = raw < current ? Math.max(raw, Math.min(ladder(ratio + rule.hysteresis), current)) : raw;
  const target = clamp(wanted, rule.floor_tenths, rule.cap_tenths);
  const delta = clamp(target - current, -rule.max_change_tenths, rule.max_change_tenths);
  return {
    multiplier_tenths: clamp(current + delta, rule.floor_tenths, rule.cap_tenths),
    ratio,
    target_tenths: target,
    reason: few ? 'too_few_requests' : 'ratio',
    threshold: few ? null : (stepAt(rule, ratio)?.ratio ?? null),
  };
}

/** "1.4×" */
export const formatMultiplier = (tenths: number) => `${(tenths / 10).toFixed(1)}×`;

/** A rule an operator may save: ladder ascending in ratio and non-decreasing in multiplier, floor ≤ cap. */
export function surgeRuleProblems(rule: SurgeRule): string[] {
  const problems: string[] = [];
  if (rule.floor_tenths < 5 || rule.floor_tenths > 10) problems.push('The floor must be between 0.5× and 1.0×.');
  if (rule.cap_tenths < rule.floor_tenths || rule.cap_tenths > 30) problems.push('The cap must be at least the floor and at most 3.0×.');
  if (rule.max_change_tenths < 1 || rule.max_change_tenths > 10) problems.push('The change per update must be between 0.1× and 1.0×.');
  rule.thresholds.forEach((t, i) => {
    const prev = rule.thresholds[i - 1];
    if (prev && t.ratio <= prev.ratio) problems.push('Each step needs a higher ratio than the one before.');
    if (prev && t.multiplier_tenths < prev.multiplier_tenths) problems.push('A higher ratio cannot lower the multiplier.');
    if (t.multiplier_tenths > rule.cap_tenths) problems.push(`The step at ratio ${t.ratio} is above the cap.`);
  });
  return [...new Set(problems)];
}
