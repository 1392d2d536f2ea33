import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `expiresAt` (ISO), ticking down to 0. Never more than `maxSeconds`: a client
 * clock behind the server's would otherwise show more time than the offer has.
 */
export function useCountdown(expiresAt: string | undefined, maxSeconds: number): number {
  const deadline = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const compute = () => (Number.isNaN(deadline) ? 0 : Math.min(maxSeconds, Math.max(0, Math.ceil((deadline - Date.now()) / 1000))));
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    const tick = () => setLeft(Number.isNaN(deadline) ? 0 : Math.min(maxSeconds, Math.max(0, Math.ceil((deadline - Date.now()) / 1000))));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline, maxSeconds]);
  return left;
}
