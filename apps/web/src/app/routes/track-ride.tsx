import { TipRide } from '@/features/payments/components/tip-ride';
import { TrackRidePage } from '@/features/rides/components/track-ride-page';

/** /track-ride: the rides feature's page with the payments feature's tip after a completed ride (decision 0038). */
export function Component() {
  return <TrackRidePage tip={TipRide} />;
}
