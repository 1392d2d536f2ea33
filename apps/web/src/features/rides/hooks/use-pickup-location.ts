import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Place } from '@openride/shared/rides/schemas';
import type { RideView as Ride } from '@openride/shared/rides/views';
import type { BookAgainState } from '../components/book-again';
import { type FieldName, type FieldState, GPS_NEAR_M, type GeoState, gpsPlace } from '../lib/booking-fields';

const text = riderText.book;

/**
 * The booking page's pickup from the rider's own position: `geo` says where the browser's answer stands,
 * `locate` asks for a fix and fills the pickup with it (named by `namePoint`: a place of its city nearby, or the geocoder's address).
 */
export function usePickupLocation({
  activeRide,
  again,
  setPickup,
  setTarget,
  namePoint,
}: {
  activeRide: Ride | null;
  again: BookAgainState['again'] | null;
  setPickup: Dispatch<SetStateAction<FieldState>>;
  setTarget: Dispatch<SetStateAction<FieldName>>;
  namePoint: (place: Place, nearM: number, then: (named: Place) => void) => void;
}) {
  const [geo, setGeo] = useState<GeoState>('idle');

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeo('unavailable');
      return;
    }
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // The field reads "Current location"; the place stored (and shown to the driver, in history) is named
        // after where it is: the geocoder's address when one is configured, else the nearest place of its city.
        const point = gpsPlace({ lat: position.coords.latitude, lng: position.coords.longitude });
        // Never overwrite what the rider typed or picked while we were waiting for a fix.
        setPickup((current) => (current.text && current.text !== text.currentLocation ? current : { text: text.currentLocation, point }));
        namePoint(point, GPS_NEAR_M, (named) => setPickup((current) => (current.point === point ? { ...current, point: named } : current)));
        setTarget((t) => (t === 'pickup' ? 'destination' : t));
        setGeo('idle');
      },
      (error) => setGeo(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  // The pickup starts at the rider's own position, as in every ride app, when they already allow it. Not asked
  // yet: a neutral offer to use it (asking on arrival, a dismissed question reads as a refusal); refused
  // before: said so (issue 27). Without the Permissions API, asked at once as before.
  const locateOnce = useRef(false);
  useEffect(() => {
    if (locateOnce.current || activeRide || again) return;
    locateOnce.current = true;
    if (!navigator.permissions?.query || !('geolocation' in navigator)) {
      locate();
      return;
    }
    navigator.permissions.query({ name: 'geolocation' }).then(
      (status) => (status.state === 'granted' ? locate() : setGeo((g) => (g === 'idle' ? (status.state === 'denied' ? 'denied' : 'ask') : g))),
      () => locate(),
    );
    // Once per visit: `locate` is a new function each render and must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeRide, again]);

  return { geo, setGeo, locate };
}
