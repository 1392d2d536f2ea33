import { Clock, Download, Info } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';

/** The §1 24/7 statement. */
export function Availability() {
  return (
    <section aria-labelledby="availability-title" className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
      <div className="flex items-start gap-4 rounded-3xl border border-ink-200 p-5 sm:items-center sm:gap-6 sm:p-8">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:size-14">
          <Clock className="size-6 sm:size-7" aria-hidden="true" />
        </span>
        <div>
          <h2 id="availability-title" className="text-xl font-bold text-ink-900">
            {uiText.home.availabilityTitle(messages.app.availability)}
          </h2>
          <p className="mt-1 text-sm text-ink-600">{uiText.home.availabilityText}</p>
        </div>
      </div>
    </section>
  );
}

/**
 * §1 closing call to action. The spec attaches no behaviour to 'Download App' and 'Learn More', so they
 * are plain buttons that do nothing (the native-app banner's 'Learn More' is the one that leads to /install).
 */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-ink-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <div aria-hidden="true" className="absolute -top-24 left-1/2 -z-10 size-96 -translate-x-1/2 rounded-full bg-brand-500/25 blur-3xl" />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {uiText.home.ctaTitle}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-ink-300">{uiText.home.ctaText}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="accent" size="lg">
            <Download className="size-5" aria-hidden="true" />
            {messages.home.downloadApp}
          </Button>
          <Button variant="outline-light" size="lg">
            <Info className="size-5" aria-hidden="true" />
            {messages.home.learnMore}
          </Button>
        </div>
      </div>
    </section>
  );
}
