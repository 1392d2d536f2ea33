import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useLoadMyDriver } from '@/features/drivers/api/get-my-driver';
import { agreeToCurrentLegal } from '@/features/legal/api/legal';
import { claimReferral } from '@/features/referrals/api/claim-referral';

/**
 * /auth, whose post-login redirect reads the drivers feature's record, and whose sign-up records the legal
 * agreement and claims the referral code (`?ref=CODE` pre-fills it).
 */
export function Component() {
  return <AuthScreen loadDriver={useLoadMyDriver()} agreeToLegal={agreeToCurrentLegal} claimReferral={claimReferral} />;
}
