import { useParams, useSearchParams } from 'react-router';
import { DriverRidePage } from '@/features/rides/components/driver-ride-page';
import { SosButton } from '@/features/safety/components/sos-button';

/** /driver-ride: the rides feature's page with the safety feature's SOS button during the ride (decision 0061). */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.bookingId ?? search.get('booking') ?? '';
  return <DriverRidePage safety={rideId ? <SosButton rideId={rideId} /> : null} />;
}
