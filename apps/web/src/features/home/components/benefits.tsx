import { ShieldCheck, Wallet, Zap, type LucideIcon } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';

const icons: readonly LucideIcon[] = [Zap, ShieldCheck, Wallet];

/** §1 three benefit cards: fast and reliable, safe and secure, affordable rates. */
export function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="bg-ink-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
          {uiText.home.benefitsTitle}
        </h2>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {messages.home.benefits.map((benefit, i) => {
            const Icon = icons[i] ?? Zap;
            return (
              <li key={benefit} className="flex gap-4 rounded-3xl border border-ink-200 bg-white p-5 shadow-xs md:block md:p-6">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-ink-900 text-brand-400">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink-900 first-letter:uppercase md:mt-5">{benefit}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-600 md:mt-2">{uiText.home.benefitTexts[i]}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
