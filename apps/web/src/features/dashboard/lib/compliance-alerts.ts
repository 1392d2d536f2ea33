import type { ComplianceItem, ComplianceStatus, DriverCompliance } from '../api/get-my-compliance';

/** Where every alert leads: the page where a driver uploads their documents. */
export const DOCUMENTS_UPLOAD_PATH = '/driver-documents-upload';

export type ComplianceAlert = { kind: 'hold'; reasons: string[] } | { kind: 'item'; item: ComplianceItem; tone: 'danger' | 'warning' | 'info' };

const TONE: Record<Exclude<ComplianceStatus, 'approved'>, 'danger' | 'warning' | 'info'> = {
  expired: 'danger',
  rejected: 'danger',
  missing: 'danger',
  expiring: 'warning',
  in_review: 'info',
};
const ORDER: ComplianceStatus[] = ['expired', 'rejected', 'missing', 'expiring', 'in_review'];

/**
 * What the driver must read, most urgent first: the hold (with its reasons) when on hold, then every document
 * not approved — expired, rejected, missing, expiring (soonest first), in review; required before optional.
 * A paper the city does not require and the driver never sent is nothing to act on: no alert.
 */
export function complianceAlerts(data: DriverCompliance): ComplianceAlert[] {
  const alerts: ComplianceAlert[] = [];
  if (data.on_hold) alerts.push({ kind: 'hold', reasons: data.hold_reasons });
  const items = data.items
    .filter((i) => i.status !== 'approved' && (i.required || i.status !== 'missing'))
    .sort(
      (a, b) =>
        ORDER.indexOf(a.status) - ORDER.indexOf(b.status) || Number(b.required) - Number(a.required) || (a.days_left ?? Infinity) - (b.days_left ?? Infinity),
    );
  for (const item of items) alerts.push({ kind: 'item', item, tone: TONE[item.status as Exclude<ComplianceStatus, 'approved'>] });
  return alerts;
}
