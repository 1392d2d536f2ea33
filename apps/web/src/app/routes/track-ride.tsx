import { useParams, useSearchParams } from 'react-router';
import { TipRide } from '@/features/payments/components/tip-ride';
import { TrackRidePage } from '@/features/rides/components/track-ride-page';
import { RideCheckPrompt } from '@/features/safety/components/ride-check-prompt';

/**
 * /track-ride: the rides feature's page with the payments feature's tip after a completed ride (decision 0038)
 * and the safety feature's ride check prompt while the ride is under way (decision 0062).
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.id ?? search.get('booking') ?? '';
  return <TrackRidePage tip={TipRide} safety={rideId ? <RideCheckPrompt rideId={rideId} role="rider" sos={null} /> : null} />;
}
