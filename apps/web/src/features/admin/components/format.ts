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
