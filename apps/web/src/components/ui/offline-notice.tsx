import { WifiOff } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { retryNow, useNetworkStatus } from '@/lib/network-status';

const text = uiText.network;

/**
 * Every screen says when OpenRide cannot be reached (issue 17 §4), with a retry, and the notice goes by itself
 * when the network returns. It sits under the nav, over the page, and covers none of its controls' taps but
 * its own button.
 */
export function OfflineNotice() {
  const { offline } = useNetworkStatus();
  if (!offline) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--spacing-nav)+0.5rem)] z-40 flex justify-center px-3">
      <div role="status" className="pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg">
        <WifiOff className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <p className="min-w-0">
          <span className="font-semibold">{text.offline}.</span> <span className="text-ink-200">{text.offlineHint}</span>
        </p>
        <button
          type="button"
          onClick={retryNow}
          className="min-h-11 shrink-0 rounded-xl bg-white/10 px-3 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {text.retry}
        </button>
      </div>
    </div>
  );
}
