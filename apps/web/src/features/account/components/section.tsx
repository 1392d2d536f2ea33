import { useId, type ReactNode } from 'react';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { errorText } from '@openride/shared/error-text';
import { messages } from '@openride/shared/messages';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The words for a failed save: the server's (a domain refusal or a validation message), else the app's usual ones. */
export function failure(error: unknown): Outcome {
  if (isApiError(error))
    return { tone: 'error', text: error.code && error.code !== 'BAD_REQUEST' && error.code !== 'NETWORK' ? errorText(error.code) : error.message };
  return { tone: 'error', text: messages.errors.error.unexpected };
}

/** One section of the page: its heading, what it is for, its form, and the outcome of its last save. */
export function Section({ title, description, children, testId }: { title: string; description?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="rounded-3xl border border-ink-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-600">{description}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The outcome of a save, announced: success politely (status), a refusal at once (alert). */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div role={outcome?.tone === 'error' ? 'alert' : 'status'} aria-live={outcome?.tone === 'error' ? 'assertive' : 'polite'}>
      {outcome ? (
        <p
          className={cn(
            'flex items-start gap-2 rounded-xl px-3 py-2 text-sm',
            outcome.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-ink-900',
          )}
        >
          {outcome.tone === 'error' ? (
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          )}
          <span>{outcome.text}</span>
        </p>
      ) : null}
    </div>
  );
}
