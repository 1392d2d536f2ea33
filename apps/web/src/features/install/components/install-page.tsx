import { Bell, Camera, Download, MapPin, Monitor, PhoneCall, Smartphone, TabletSmartphone, type LucideIcon } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { cn } from '@/lib/cn';
import { isStandalone, useInstallPrompt } from '@/lib/install-prompt';

type PlatformKey = 'android' | 'ios' | 'desktop';
type Platform = { key: PlatformKey; title: string; steps: readonly string[]; Icon: LucideIcon };

const platforms: Platform[] = [
  { key: 'android', ...uiText.install.android, Icon: Smartphone },
  { key: 'ios', ...uiText.install.ios, Icon: TabletSmartphone },
  { key: 'desktop', ...uiText.install.desktop, Icon: Monitor },
];

const bulletIcons: readonly LucideIcon[] = [Bell, Camera, MapPin, PhoneCall];

/** Best guess from the user agent; only used to put this device's steps first. */
function detectPlatform(): PlatformKey {
  const ua = navigator.userAgent;
  if (/android/i.test(ua)) return 'android';
  // iPadOS 13+ reports itself as a Mac, but with touch.
  if (/iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && navigator.maxTouchPoints > 1)) return 'ios';
  return 'desktop';
}

/** /install (§2 "Install information"): one-tap install when the browser offers it, steps per platform otherwise. */
export function InstallPage() {
  const { canInstall, install } = useInstallPrompt();
  const installed = isStandalone();
  const current = detectPlatform();
  const ordered = [...platforms].sort((a, b) => Number(b.key === current) - Number(a.key === current));

  return (
    <PageContainer className="max-w-5xl">
      <PageHeading title={uiText.install.title} description={uiText.install.text} />

      {installed ? (
        <p role="status" className="mb-8 rounded-2xl bg-brand-50 p-4 text-sm font-medium text-brand-700">
          {uiText.install.installed}
        </p>
      ) : null}

      {canInstall && !installed ? (
        <section
          aria-labelledby="install-ready"
          className="mb-8 flex flex-col gap-4 rounded-3xl bg-ink-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-center gap-4">
            <img src="/icons/icon-192.png" alt="" width={56} height={56} className="size-14 rounded-2xl ring-1 ring-white/15" />
            <div>
              <h2 id="install-ready" className="text-lg font-bold">
                {uiText.install.readyTitle}
              </h2>
              <p className="text-sm text-ink-300">{uiText.install.readyText}</p>
            </div>
          </div>
          <Button variant="accent" size="lg" onClick={() => void install()}>
            <Download className="size-5" aria-hidden="true" />
            {messages.install.install}
          </Button>
        </section>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        {ordered.map(({ key, title, steps, Icon }) => (
          <section
            key={key}
            aria-labelledby={`install-${key}`}
            className={cn('rounded-3xl border bg-white p-6 shadow-xs', key === current ? 'border-brand-500 ring-1 ring-brand-500' : 'border-ink-200')}
          >
            <div className="mb-4 flex items-center justify-between">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-brand-400">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              {key === current ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">{uiText.install.thisDevice}</span>
              ) : null}
            </div>
            <h2 id={`install-${key}`} className="mb-4 text-lg font-semibold text-ink-900">
              {title}
            </h2>
            <ol className="space-y-3">
              {steps.map((step, index) => (
                <li key={step} className="flex gap-3 text-sm text-ink-700">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
                    {index + 1}
                  </span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>

      <section aria-labelledby="install-native" className="mt-12">
        <h2 id="install-native" className="text-xl font-bold text-ink-900">
          {uiText.install.nativeTitle}
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-ink-600">{uiText.install.nativeText}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {messages.install.bannerBullets.map((bullet, index) => {
            const Icon = bulletIcons[index] ?? Bell;
            return (
              <li key={bullet} className="flex items-center gap-3 rounded-2xl bg-ink-50 p-4 text-sm font-medium text-ink-800">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-xs">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {bullet}
              </li>
            );
          })}
        </ul>
      </section>
    </PageContainer>
  );
}
