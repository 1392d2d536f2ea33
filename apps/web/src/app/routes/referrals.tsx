import { ReferralsPage } from '@/features/referrals/components/referrals-page';

/** /referrals (issue 16, decision 0064): a rider's or driver's codes and referrals, or for admins the programs. */
export function Component() {
  return <ReferralsPage />;
}
