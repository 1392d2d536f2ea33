import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { driverText } from '@openride/shared/rides/driver-text';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { RECONNECTED_EVENT, useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { useOpenOffer } from '../api/get-offer';

const text = driverText.offer;

/**
 * A ride request reaching a driver who is on another page (their account menu, the history): the offer card
 * lives on /driver-active, so say so with a way there, while the 15 seconds are still running. Live from
 * the socket, and on load / reconnect from the server (an offer sent while the page was loading is not lost).
 */
export function OfferElsewhere() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isDriver = useMe().data?.role === 'driver';
  const away = pathname !== paths.driverActive;
  const open = useOpenOffer(isDriver && away);
  const told = useRef<string | null>(null);

  const tell = (offerId: string) => {
    if (told.current === offerId) return;
    told.current = offerId;
    toast({
      title: text.title,
      description: text.openToAnswer,
      action: (
        <ToastAction altText={text.view} onClick={() => void navigate(paths.driverActive)}>
          {text.view}
        </ToastAction>
      ),
    });
  };

  const tellOnce = useEffectEvent(tell);
  const offerId = open.data?.id;
  useEffect(() => {
    if (offerId && away) tellOnce(offerId);
  }, [offerId, away]);

  useRealtimeEvent('ride.offer', (data) => {
    if (away) tell(data.offer.id);
  });
  useRealtimeEvent(RECONNECTED_EVENT, () => {
    if (isDriver && away) void open.refetch();
  });
  return null;
}
