import { useState } from 'react';
import { Link } from 'react-router';
import { Bell, Camera, MapPin, PhoneCall, Smartphone, X, type LucideIcon } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { paths } from '@/config/paths';
import { isNativePlatform } from '@/lib/native-platform';

const { install } = messages;
const bulletIcons: readonly LucideIcon[] = [Bell, Camera, MapPin, PhoneCall];

function readDismissed(): boolean {
  try {
    return localStorage.getItem(install.bannerStorageKey) === 'true';
  } catch {
    return false;
  }
}

/**
 * §2 native-app banner: web only, until dismissed; the dismissal is remembered under
 * 'nativeBannerDismissed' (§4). A card in the page flow, so it never covers what the user came for.
 */
export function NativeAppBanner({ className }: { className?: string }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || isNativePlatform()) return null;

  const onDismiss = () => {
    try {
      localStorage.setItem(install.bannerStorageKey, 'true');
    } catch {
      // Private mode with storage off: hidden for this visit at least.
    }
    setDismissed(true);
  };

  return (
    <aside aria-labelledby="native-banner-title" className={className}>
      <div className="relative overflow-hidden rounded-3xl bg-ink-900 p-5 text-white shadow-xl shadow-ink-950/20 sm:p-7">
        <div aria-hidden="true" className="absolute -top-24 -right-16 size-64 rounded-full bg-brand-500/20 blur-3xl" />
        <button
          type="button"
          aria-label={uiText.install.dismissBanner}
          onClick={onDismiss}
          className="absolute top-3 right-3 z-10 flex size-10 items-center justify-center rounded-xl text-ink-300 hover:bg-white/10 hover:text-white"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8">
          <div className="flex items-center gap-4 pr-10 sm:w-64 sm:shrink-0 sm:flex-col sm:items-start sm:pr-0">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-500 text-ink-950">
              <Smartphone className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h2 id="native-banner-title" className="text-lg font-bold">
                {install.bannerTitle}
              </h2>
              <p className="text-sm text-ink-300">{install.bannerSubtitle}</p>
            </div>
          </div>
          <ul className="grid flex-1 grid-cols-1 gap-2.5 text-sm min-[400px]:grid-cols-2">
            {install.bannerBullets.map((bullet, index) => {
              const Icon = bulletIcons[index] ?? Bell;
              return (
                <li key={bullet} className="flex items-center gap-2.5 text-ink-100">
                  <Icon className="size-4 shrink-0 text-brand-400" aria-hidden="true" />
                  {bullet}
                </li>
              );
            })}
          </ul>
          <Link to={paths.install} className={buttonClasses({ variant: 'light', size: 'md', className: 'sm:shrink-0' })}>
            {install.learnMore}
          </Link>
        </div>
      </div>
    </aside>
  );
}
