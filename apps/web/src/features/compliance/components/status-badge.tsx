import { complianceText } from '@openride/shared/compliance/compliance-text';
import type { ComplianceItemStatus } from '@openride/shared/compliance/schemas';
import { cn } from '@/lib/cn';

const tone: Record<ComplianceItemStatus, string> = {
  missing: 'bg-ink-100 text-ink-800',
  in_review: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  expiring: 'bg-amber-100 text-amber-900',
  expired: 'bg-red-100 text-red-900',
};

/** A paper's status as a pill (the words of complianceText.statuses). */
export function StatusBadge({ status, className }: { status: ComplianceItemStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tone[status], className)}>
      {complianceText.statuses[status]}
    </span>
  );
}
