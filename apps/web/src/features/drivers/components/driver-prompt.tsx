import { BadgeCheck, CalendarClock, Headset, ReceiptText } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';

const text = uiText.driverApplication;
const benefitIcons = [CalendarClock, ReceiptText, Headset] as const;

/** §2 driver application, view 1: why drive, then Apply or Maybe Later. */
export function DriverPrompt({ onApply, onMaybeLater }: { onApply: () => void; onMaybeLater: () => void }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageTitle title={uiText.pages.driver.title} />
      <section aria-labelledby="driver-prompt-title" className="overflow-hidden rounded-3xl bg-ink-900 text-white shadow-xl">
        <div className="grid gap-10 p-6 sm:p-10 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="mb-3 text-xs font-semibold tracking-wider text-brand-400 uppercase">{text.eyebrow}</p>
            <h1 id="driver-prompt-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              {text.promptTitle}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-ink-300">{text.promptText}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button variant="accent" size="lg" onClick={onApply}>
                {text.apply}
              </Button>
              <Button variant="outline-light" size="lg" onClick={onMaybeLater}>
                {messages.driver.maybeLater}
              </Button>
            </div>
          </div>
          <div className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
            <h2 className="text-sm font-semibold tracking-wide text-white">{text.stepsTitle}</h2>
            <ol className="mt-4 space-y-4">
              {text.steps.map((step, index) => (
                <li key={step} className="flex items-center gap-3 text-sm text-ink-200">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-500 font-bold text-ink-950">{index + 1}</span>
                  {step}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {text.benefits.map((benefit, index) => {
          const Icon = benefitIcons[index] ?? BadgeCheck;
          return (
            <li key={benefit.title} className="rounded-2xl border border-ink-200 bg-white p-5">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-4 font-semibold text-ink-900">{benefit.title}</h2>
              <p className="mt-1 text-sm text-ink-600">{benefit.text}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
