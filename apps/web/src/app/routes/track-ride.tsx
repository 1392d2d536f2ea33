import { useParams, useSearchParams } from 'react-router';
import { TipRide } from '@/features/payments/components/tip-ride';
import { TrackRidePage } from '@/features/rides/components/track-ride-page';
import { RideCheckPrompt, UnlessRideCheckOpen } from '@/features/safety/components/ride-check-prompt';
import { SosButton } from '@/features/safety/components/sos-button';

/**
 * /track-ride: the rides feature's page with the payments feature's tip after a completed ride (decision 0038)
 * and the safety feature's SOS button and ride check prompt during the ride (decisions 0061, 0062).
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.id ?? search.get('booking') ?? '';
  return (
    <TrackRidePage
      tip={TipRide}
      safety={
        rideId ? (
          <UnlessRideCheckOpen rideId={rideId}>
            <SosButton rideId={rideId} />
          </UnlessRideCheckOpen>
        ) : null
      }
      safetyAlert={rideId ? <RideCheckPrompt rideId={rideId} role="rider" sos={<SosButton rideId={rideId} />} /> : null}
    />
  );
}
