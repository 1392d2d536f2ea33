import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/lib/session';
import { AdminReferralsPage } from './admin-referrals';
import { MyReferralsPage } from './my-referrals';

/** /referrals (decision 0064): one path, two readers — admins the programs and every referral, anyone else their own codes and referrals. */
export function ReferralsPage() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  return me.data?.isAdmin ? <AdminReferralsPage /> : <MyReferralsPage />;
}
