import { Download, X } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { useInstallPrompt } from '@/lib/install-prompt';

/**
 * §2 install prompt: the app name, 'Install our app for quick access', Install and a dismiss button.
 * Only while the browser offers installation. On phones it sits in the page flow at the top of the
 * hero's free space (above the headline, never over the actions); from md up it is pinned to the
 * bottom-right corner, over the picture side of the hero.
 */
export function InstallCard() {
  const { showCard, install, dismissCard } = useInstallPrompt();
  if (!showCard) return null;

  return (
    <aside
      aria-labelledby="install-card-title"
      className="mb-auto w-full animate-fade-in pb-6 text-left md:fixed md:right-6 md:bottom-6 md:z-30 md:mb-0 md:w-96 md:pb-0"
    >
      <div className="flex items-center gap-3 rounded-2xl border border-ink-200 bg-white p-3 pr-2 shadow-xl shadow-ink-950/10">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id="install-card-title" className="truncate text-sm font-bold text-ink-900">
            {messages.app.name}
          </h2>
          <p className="text-sm text-ink-600">{messages.install.prompt}</p>
        </div>
        <Button variant="primary" size="sm" onClick={() => void install()}>
          <Download className="size-4" aria-hidden="true" />
          {messages.install.install}
        </Button>
        <button
          type="button"
          aria-label={uiText.install.dismissPrompt}
          onClick={dismissCard}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
