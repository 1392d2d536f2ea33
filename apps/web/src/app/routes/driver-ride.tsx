import { useParams, useSearchParams } from 'react-router';
import { DriverRidePage } from '@/features/rides/components/driver-ride-page';
import { RideCheckPrompt } from '@/features/safety/components/ride-check-prompt';

/** /driver-ride: the rides feature's driver page with the safety feature's ride check prompt (decision 0062). */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const rideId = params.bookingId ?? search.get('booking') ?? '';
  return <DriverRidePage safety={rideId ? <RideCheckPrompt rideId={rideId} role="driver" sos={null} /> : null} />;
}
