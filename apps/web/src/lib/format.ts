const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

const formatWith = (format: Intl.DateTimeFormat) => (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** "Nov 22, 2026, 10:41 PM": when something happened. */
export const formatDateTime = formatWith(dateTimeFormat);
/** "Nov 22, 2026": when an account was made. */
export const formatDate = formatWith(dateFormat);

/** "3 min", "5 h", "2 d": how long something has waited, coarse on purpose. */
export function formatAge(seconds: number): string {
  if (seconds < 90) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

/** A ratio as a percentage with no decimals; an em dash when there is nothing to divide. */
export const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)}%`);
