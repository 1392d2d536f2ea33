import { ApprovalWords } from '@/features/compliance/components/approval-words';
import { DriverManagementPage } from '@/features/admin/components/driver-management-page';

/**
 * /driver-management: the admin feature's review queue, given the compliance feature's approval sentence (what
 * the driver's city still wants before they can go online; issue 27 §10, decision 0081).
 */
export function Component() {
  return <DriverManagementPage approvalWords={(driver) => <ApprovalWords driverId={driver.id} name={driver.name} />} />;
}
