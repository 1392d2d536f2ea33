import { useEffect, useState } from 'react';
import { Bell, BellOff, BellRing } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { toast } from '@/components/ui/use-toast';
import { isNativePlatform } from '@/lib/native-platform';
import { enableWebPush, hasWebPushSubscription, webPushSupported } from '../web-push';

type Status = 'checking' | 'off' | 'busy' | 'on' | 'blocked' | 'failed' | 'unavailable';

function initialStatus(): Status {
  // The native app asks at sign-in (§4); this control is for browsers and the installed PWA.
  if (isNativePlatform()) return 'unavailable';
  if (!webPushSupported()) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' ? 'checking' : 'off';
}

const itemClass = 'mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium';

/**
 * The account menu's quiet offer to turn on notifications: asked only when the user clicks, never on
 * load. Denied → the §8 'Notifications Disabled' toast; a browser without a push service → logged only.
 */
export function EnablePushItem() {
  const [status, setStatus] = useState<Status>(initialStatus);

  useEffect(() => {
    if (status !== 'checking') return;
    let live = true;
    void hasWebPushSubscription().then((subscribed) => {
      if (live) setStatus(subscribed ? 'on' : 'off');
    });
    return () => {
      live = false;
    };
  }, [status]);

  if (status === 'unavailable' || status === 'checking') return null;

  if (status === 'on' || status === 'blocked' || status === 'failed') {
    const Icon = status === 'on' ? BellRing : BellOff;
    const label = status === 'on' ? uiText.push.enabled : status === 'blocked' ? uiText.push.blocked : uiText.push.unsupported;
    return (
      <p role="status" className={`${itemClass} text-ink-500`}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </p>
    );
  }

  const onEnable = async () => {
    setStatus('busy');
    const outcome = await enableWebPush();
    if (outcome === 'subscribed') {
      setStatus('on');
      toast({ title: uiText.push.enabledToast.title, description: uiText.push.enabledToast.text });
    } else if (outcome === 'denied') {
      setStatus(Notification.permission === 'denied' ? 'blocked' : 'off');
      toast({ variant: 'destructive', title: messages.errors.notificationsDisabled.title, description: messages.errors.notificationsDisabled.text });
    } else {
      // Already logged by enableWebPush (§8: push setup errors get no error message); say where we stand.
      setStatus('failed');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void onEnable()}
      disabled={status === 'busy'}
      aria-busy={status === 'busy'}
      className={`${itemClass} text-ink-700 hover:bg-ink-100 hover:text-ink-900 disabled:opacity-60`}
    >
      <Bell className="size-4" aria-hidden="true" />
      {status === 'busy' ? uiText.push.enabling : uiText.push.enable}
    </button>
  );
}
