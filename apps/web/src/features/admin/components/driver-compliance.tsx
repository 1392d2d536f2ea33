import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { Link } from 'react-router';
import { driverDetailText } from '@openride/shared/admin/admin-text';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import type { ComplianceItemStatus } from '@openride/shared/compliance/schemas';
import type { ComplianceItem } from '@openride/shared/compliance/views';
import { QueryView } from '@/components/ui/query-view';
import { cn } from '@/lib/cn';
import { useDriverCompliance } from '../api/driver-detail';

const text = driverDetailText.compliance;
/** The review pages (issue 14); they may narrow their queue to `?driver=`. */
const REVIEW_LINKS = { documents: '/document-review', insurance: '/insurance-verification' } as const;

const chipStyle: Record<ComplianceItemStatus, string> = {
  approved: 'bg-brand-100 text-brand-800',
  expiring: 'bg-amber-100 text-amber-900',
  in_review: 'bg-sky-100 text-sky-900',
  missing: 'bg-ink-100 text-ink-700',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-red-100 text-red-800',
};

const chipText = (item: ComplianceItem) =>
  item.status === 'expiring' && item.days_left !== null ? text.expiringIn(item.days_left) : complianceText.statuses[item.status];

function detailOf(item: ComplianceItem): string | null {
  if (item.status === 'rejected') return item.rejection_reason;
  if (item.status === 'expired' && item.expires_on) return text.expiredOn(item.expires_on);
  if ((item.status === 'approved' || item.status === 'expiring') && item.expires_on) return text.validUntil(item.expires_on);
  return null;
}

/**
 * /driver/{id} (decision 0053): the driver's papers against their city's requirements — each kind with its
 * status, the hold and why — and the way to the review queues.
 */
export function DriverComplianceSection({ driverId }: { driverId: string }) {
  const compliance = useDriverCompliance(driverId);
  const query = `?driver=${encodeURIComponent(driverId)}`;
  return (
    <section aria-labelledby="driver-compliance" className="rounded-2xl border border-ink-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="driver-compliance" className="text-lg font-semibold text-ink-900">
          {text.title}
        </h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          <Link to={`${REVIEW_LINKS.documents}${query}`} className="text-brand-700 underline-offset-4 hover:underline">
            {text.reviewDocuments}
          </Link>
          <Link to={`${REVIEW_LINKS.insurance}${query}`} className="text-brand-700 underline-offset-4 hover:underline">
            {text.verifyInsurance}
          </Link>
        </p>
      </div>
      <QueryView query={compliance} loadFailed={text.loadFailed}>
        {(c) => (
          <div className="space-y-3">
            {c.on_hold ? (
              <div role="status" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{text.onHold}</p>
                <p className="mt-1">{text.onHoldText}</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {c.hold_reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </div>
            ) : c.items.some((i) => i.required) ? (
              <p role="status" className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800">
                {text.ok}
              </p>
            ) : null}
            <p className="text-sm text-ink-500">{c.city ? text.checkedIn(c.city.name) : driverCityText.notChosen}</p>
            {c.items.length === 0 ? (
              <p className="text-sm text-ink-500">{text.none}</p>
            ) : (
              <ul className="divide-y divide-ink-100">
                {c.items.map((item) => {
                  const detail = detailOf(item);
                  return (
                    <li key={item.kind} aria-label={item.label} className="flex flex-wrap items-start justify-between gap-2 py-2 first:pt-0 last:pb-0">
                      <div className="min-w-0">
                        <p className="font-medium text-ink-900">{item.label}</p>
                        <p className="text-xs text-ink-500">
                          {item.required ? text.required : text.optional}
                          {detail ? ` · ${detail}` : ''}
                        </p>
                        {item.renewal_in_review ? <p className="text-xs text-sky-800">{text.renewalInReview}</p> : null}
                      </div>
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', chipStyle[item.status])}>{chipText(item)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </QueryView>
    </section>
  );
}
