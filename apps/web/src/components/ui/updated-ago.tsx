import { useEffect, useState } from 'react';
import { uiText } from '@openride/shared/ui-text';
import { useNetworkStatus } from '@/lib/network-status';

/**
 * While OpenRide cannot be reached, a live screen keeps its last known state and says how old it is
 * ("Updated 40 s ago", issue 17 §4). Nothing is shown while online.
 */
export function UpdatedAgo({ at }: { at: number }) {
  const { offline } = useNetworkStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!offline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [offline]);
  if (!offline || !at) return null;
  return <p className="text-sm font-medium text-amber-800">{uiText.network.updatedAgo(Math.max(0, Math.round((now - at) / 1000)))}</p>;
}
