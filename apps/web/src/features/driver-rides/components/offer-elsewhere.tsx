import { useLocation, useNavigate } from 'react-router';
import { driverText } from '@openride/shared/rides/driver-text';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useRealtimeEvent } from '@/lib/realtime';

const text = driverText.offer;

/**
 * A ride request reaching a driver who is on another page (their account menu, the history): the offer card
 * lives on /driver-active, so say so with a way there, while the 15 seconds are still running.
 */
export function OfferElsewhere() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useRealtimeEvent('ride.offer', () => {
    if (pathname === paths.driverActive) return;
    toast({
      title: text.title,
      description: text.openToAnswer,
      action: (
        <ToastAction altText={text.view} onClick={() => void navigate(paths.driverActive)}>
          {text.view}
        </ToastAction>
      ),
    });
  });
  return null;
}
