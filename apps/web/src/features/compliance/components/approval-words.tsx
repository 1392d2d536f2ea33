import { adminText } from '@openride/shared/admin/admin-text';
import { VALID_ITEM_STATUSES } from '@openride/shared/compliance/schemas';
import { useDriverCompliance } from '../api/documents';

/**
 * The approval dialog's sentence on /driver-management (issue 27 §10, decision 0081): that the driver will be
 * able to go online only when their city asks for nothing more; otherwise which papers they must still upload,
 * or that those sent wait for review. A failed check says the plain sentence: the server holds them anyway.
 */
export function ApprovalWords({ driverId, name }: { driverId: string; name: string }) {
  const compliance = useDriverCompliance(driverId);
  const words = adminText.drivers.approveDialog;
  if (compliance.isPending) return <>{words.checking(name)}</>;
  const holding = (compliance.data?.items ?? []).filter((item) => item.required && !VALID_ITEM_STATUSES.includes(item.status));
  if (holding.length === 0) return <>{words.text(name)}</>;
  const toUpload = holding.filter((item) => item.status !== 'in_review').map((item) => item.label);
  return <>{toUpload.length ? words.stillNeeded(name, toUpload) : words.inReview(name)}</>;
}
