import { dashboardGoalWords, dashboardText } from '@openride/shared/dashboard/dashboard-text';
import type { GoalInput } from '@openride/shared/dashboard/schemas';
import { GOAL_MAX_EARNINGS_CENTS, GOAL_MAX_TRIPS, GOAL_MIN_EARNINGS_CENTS } from '@openride/shared/dashboard/limits';

/** 0.873 → "87%"; null (nothing to divide) → null. */
export const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 100)}%`);

/** How far along a goal: 0–100 (capped), or null without that goal. */
export const progressOf = (value: number, goal: number | null) => (goal === null || goal <= 0 ? null : Math.min(100, Math.round((value / goal) * 100)));

/** 850 → "850 m", 2430 → "2.4 km". */
export const distanceWords = (m: number) => (m < 1000 ? `${Math.round(m / 50) * 50} m` : `${(m / 1000).toFixed(1)} km`);

/**
 * What the driver typed in the earnings box → cents: "" → null, "150" → 15000, "150.5" → 15050; anything else
 * → NaN (the form says how to write it, the server's schema has the last word).
 */
export function parseAmount(input: string): number | null {
  const s = input.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}

/**
 * The goal form's two boxes → the PUT body, or the sentence that says what is wrong. The same bounds and words
 * as the server's `goalInputSchema`, checked without zod so the page's chunk stays small; the server re-checks.
 */
export function goalFromForm(earnings: string, trips: string): { input: GoalInput } | { error: string } {
  const cents = parseAmount(earnings);
  if (Number.isNaN(cents)) return { error: dashboardText.goal.badEarnings };
  if (cents !== null && cents < GOAL_MIN_EARNINGS_CENTS) return { error: dashboardGoalWords.earningsMin };
  if (cents !== null && cents > GOAL_MAX_EARNINGS_CENTS) return { error: dashboardGoalWords.earningsMax };
  const t = trips.trim();
  if (t !== '' && !/^\d+$/.test(t)) return { error: dashboardGoalWords.tripsRange };
  const count = t === '' ? null : Number(t);
  if (count !== null && (count < 1 || count > GOAL_MAX_TRIPS)) return { error: dashboardGoalWords.tripsRange };
  return { input: { earnings_cents: cents, trips: count } };
}
