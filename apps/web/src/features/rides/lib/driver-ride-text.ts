import { driverText } from '@openride/shared/rides/driver-text';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { formatMoney } from './format';

const text = driverText.ride;

/** Turn-by-turn is the phone's job: open the stop in the device's maps app (Google Maps' universal link). */
export const directionsUrl = (to: { lat: number; lng: number }) => `https://www.google.com/maps/dir/?api=1&destination=${to.lat},${to.lng}&travelmode=driving`;

/** What the driver is told of a cancelled ride: who cancelled, and a no-show's fee. */
export function cancelledText(ride: Ride) {
  const fee = ride.cancellation_fee;
  if (ride.cancelled_by === 'driver' && fee?.reason === 'no_show') {
    return fee.waived
      ? text.noShowWaived
      : text.noShowRecorded(formatMoney(fee.amount_cents, ride.currency), formatMoney(fee.driver_share_cents, ride.currency));
  }
  if (ride.cancelled_by === 'rider') return text.cancelledByRider;
  if (ride.cancelled_by === 'driver') return text.cancelledByYou;
  return text.cancelled;
}
