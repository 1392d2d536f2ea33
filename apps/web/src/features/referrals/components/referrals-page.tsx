import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { AdminReferralsPage } from './admin-referrals';
import { MyReferralsPage } from './my-referrals';

/**
 * /referrals (decision 0064): one path, two readers — staff who may read referrals (decision 0089) the programs
 * and every referral, anyone else their own codes and referrals.
 */
export function ReferralsPage() {
  const me = useMe();
  const staffView = useCan('referral.read');
  if (me.isPending) return <LoadingScreen />;
  return staffView ? <AdminReferralsPage /> : <MyReferralsPage />;
}
