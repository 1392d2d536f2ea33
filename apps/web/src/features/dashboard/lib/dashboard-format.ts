/** 0.873 → "87%"; null (nothing to divide) → null. */
export const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 100)}%`);

/** How far along a goal: 0–100 (capped), or null without that goal. */
export const progressOf = (value: number, goal: number | null) => (goal === null || goal <= 0 ? null : Math.min(100, Math.round((value / goal) * 100)));

/** 850 → "850 m", 2430 → "2.4 km". */
export const distanceWords = (m: number) => (m < 1000 ? `${Math.round(m / 50) * 50} m` : `${(m / 1000).toFixed(1)} km`);
