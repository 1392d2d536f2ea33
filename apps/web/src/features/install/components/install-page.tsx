import { Download, Monitor, Smartphone, TabletSmartphone, type LucideIcon } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { isStandalone, useInstallPrompt } from '@/lib/install-prompt';

type Platform = { title: string; steps: readonly string[]; Icon: LucideIcon };

const platforms: Platform[] = [
  { ...uiText.install.android, Icon: Smartphone },
  { ...uiText.install.ios, Icon: TabletSmartphone },
  { ...uiText.install.desktop, Icon: Monitor },
];

export function InstallPage() {
  const { canInstall, install } = useInstallPrompt();
  const installed = isStandalone();

  return (
    <PageContainer className="max-w-5xl">
      <PageHeading title={uiText.install.title} description={uiText.install.text}>
        {canInstall ? (
          <Button variant="accent" size="lg" onClick={() => void install()}>
            <Download className="size-5" aria-hidden="true" />
            {messages.install.install}
          </Button>
        ) : null}
      </PageHeading>

      {installed ? (
        <p role="status" className="mb-8 rounded-2xl bg-brand-50 p-4 text-sm font-medium text-brand-700">
          {uiText.install.installed}
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        {platforms.map(({ title, steps, Icon }) => (
          <section key={title} aria-labelledby={`install-${title}`} className="rounded-3xl border border-ink-200 bg-white p-6 shadow-xs">
            <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-brand-400">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h2 id={`install-${title}`} className="mb-4 text-lg font-semibold text-ink-900">
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

      <ul className="mt-10 grid gap-3 sm:grid-cols-2">
        {messages.install.bannerBullets.map((bullet) => (
          <li key={bullet} className="flex items-center gap-3 rounded-2xl bg-ink-50 p-4 text-sm font-medium text-ink-800">
            <span className="size-2 rounded-full bg-brand-500" aria-hidden="true" />
            {bullet}
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
