import { type TicketPriority, type TicketStatus } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { cn } from '@/lib/cn';

const statusClasses: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  pending: 'bg-sky-100 text-sky-900',
  resolved: 'bg-brand-100 text-brand-800',
  closed: 'bg-ink-100 text-ink-700',
};
const priorityClasses: Record<TicketPriority, string> = {
  low: 'bg-ink-100 text-ink-700',
  normal: 'bg-ink-100 text-ink-900',
  high: 'bg-orange-100 text-orange-900',
  urgent: 'bg-red-100 text-red-800',
};

export function StatusChip({ status, admin = false }: { status: TicketStatus; admin?: boolean }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', statusClasses[status])}>
      {(admin ? supportText.adminStatuses : supportText.statuses)[status]}
    </span>
  );
}

export function PriorityChip({ priority }: { priority: TicketPriority }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', priorityClasses[priority])}>
      {supportText.priorities[priority]}
    </span>
  );
}

export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

export const textareaClasses =
  'block w-full rounded-xl border border-ink-200 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-xs placeholder:text-ink-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600';
export const selectClasses =
  'block h-11 w-full rounded-xl border border-ink-200 bg-white px-3 text-base text-ink-900 shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-brand-600';
