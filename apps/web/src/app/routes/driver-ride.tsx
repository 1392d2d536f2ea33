import { useParams, useSearchParams } from 'react-router';
import { DriverRidePage } from '@/features/rides/components/driver-ride-page';
import { RideCheckPrompt, UnlessRideCheckOpen } from '@/features/safety/components/ride-check-prompt';
import { SosButton } from '@/features/safety/components/sos-button';

/** /driver-ride: the rides feature's driver page with the safety feature's SOS button and ride check prompt during the ride (decisions 0061, 0062). */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.bookingId ?? search.get('booking') ?? '';
  return (
    <DriverRidePage
      safety={
        rideId ? (
          <UnlessRideCheckOpen rideId={rideId}>
            <SosButton rideId={rideId} />
          </UnlessRideCheckOpen>
        ) : null
      }
      safetyAlert={rideId ? <RideCheckPrompt rideId={rideId} role="driver" sos={<SosButton rideId={rideId} />} /> : null}
    />
  );
}
