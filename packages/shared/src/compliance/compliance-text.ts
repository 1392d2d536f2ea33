import type { ComplianceItemStatus, DocumentKind } from './schemas';

/** The words of driver compliance (decision 0049): document names, card statuses, the hold's reasons. */
export const complianceText = {
  kinds: {
    driver_licence: "Driver's licence",
    vehicle_registration: 'Vehicle registration',
    insurance: 'Insurance',
    profile_photo: 'Profile photo',
    background_check: 'Background check',
  } satisfies Record<DocumentKind, string>,
  statuses: {
    missing: 'Missing',
    in_review: 'In review',
    approved: 'Approved',
    rejected: 'Rejected',
    expiring: 'Expiring soon',
    expired: 'Expired',
  } satisfies Record<ComplianceItemStatus, string>,
  expiresIn: (days: number) => (days <= 0 ? 'Expires today' : days === 1 ? 'Expires tomorrow' : `Expires in ${days} days`),
  /** One sentence per required paper that keeps the driver off the road. */
  holdReason: (label: string, status: ComplianceItemStatus, detail: { expires_on: string | null; rejection_reason: string | null }): string => {
    switch (status) {
      case 'missing':
        return `${label}: not uploaded yet.`;
      case 'in_review':
        return `${label}: waiting for review.`;
      case 'rejected':
        return `${label}: rejected${detail.rejection_reason ? ` (${detail.rejection_reason})` : ''}. Upload it again.`;
      case 'expired':
        return `${label}: expired${detail.expires_on ? ` on ${detail.expires_on}` : ''}. Upload the renewed one.`;
      default:
        return `${label}: not valid.`;
    }
  },
  /** The refusal when a driver on hold tries to go online. */
  onHold: (reasons: string[]) => `You can't go online until your papers are in order. ${reasons.join(' ')}`,
  /** Told to a driver taken offline when a paper expires. */
  takenOffline: (label: string) => `Your ${label.toLowerCase()} has expired, so you were taken offline. Upload the renewed one to drive again.`,
  reminder: (label: string, days: number, date: string) =>
    `Your ${label.toLowerCase()} expires ${days === 1 ? 'tomorrow' : `in ${days} days`} (${date}). Upload the renewed one so you can keep driving.`,
};
