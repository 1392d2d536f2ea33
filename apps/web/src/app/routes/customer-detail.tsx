import { useParams } from 'react-router';
import { customerText } from '@openride/shared/customers/customer-text';
import { CustomerDetailPage } from '@/features/customers/components/customer-detail-page';
import { OperatorRidesTable } from '@/features/rides/components/operator-rides-table';

/** /customer-management/{id}: the customers feature's rider page, with the rides feature's table of their rides. */
export function Component() {
  const { id = '' } = useParams();
  return <CustomerDetailPage rides={<OperatorRidesTable params={{ rider_id: id }} label={`${customerText.detail.ridesTitle}`} />} />;
}
