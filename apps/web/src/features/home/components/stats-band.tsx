import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';

/** §1 stats band: 10M+ riders, 500K+ drivers, 50+ cities, 4.9 average rating. */
export function StatsBand() {
  return (
    <section aria-label={uiText.home.statsLabel} className="border-b border-ink-100 bg-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-px overflow-hidden bg-ink-100 sm:grid-cols-4">
        {messages.home.stats.map(({ value, label }) => (
          <div key={label} className="flex flex-col items-center justify-center gap-1 bg-white px-4 py-7 text-center sm:py-10">
            <dt className="order-2 text-xs font-semibold tracking-widest text-ink-500 uppercase">{label}</dt>
            <dd className="order-1 text-3xl font-extrabold tracking-tight text-ink-900 tabular-nums sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
