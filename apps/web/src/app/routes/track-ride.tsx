import { useParams, useSearchParams } from 'react-router';
import { TipRide } from '@/features/payments/components/tip-ride';
import { TrackRidePage } from '@/features/rides/components/track-ride-page';
import { SosButton } from '@/features/safety/components/sos-button';

/**
 * /track-ride: the rides feature's page with the payments feature's tip after a completed ride (decision 0038)
 * and the safety feature's SOS button during the ride (decision 0061).
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.id ?? search.get('booking') ?? '';
  return <TrackRidePage tip={TipRide} safety={rideId ? <SosButton rideId={rideId} /> : null} />;
}
