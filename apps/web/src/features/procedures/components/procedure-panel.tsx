import { useId, useState } from 'react';
import { proceduresText as text } from '@openride/shared/procedures/procedures-text';
import { isSupportCategory, supportCategoryLabels } from '@openride/shared/support/categories';
import { Button } from '@/components/ui/button';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api';
import { useProcedure } from '../api/support-procedures';

/**
 * The current procedure for a ticket's category, shown beside the ticket (admins): the steps as a checklist
 * (ticked for this view only, not saved) and each canned reply with an Insert button that hands its text to
 * the reply box through `insert`. The support feature's ticket view receives it from the route module.
 */
export function ProcedurePanel({ category, insert }: { category: string; insert: (text: string) => void }) {
  const procedure = useProcedure(category);
  const headingId = useId();
  const [done, setDone] = useState<Record<string, boolean>>({});
  const label = isSupportCategory(category) ? supportCategoryLabels[category] : category;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-ink-900">
        {text.panel.title(label)}
      </h2>
      <QueryView
        query={procedure}
        loadFailed={text.panel.loadFailed}
        errorView={(error) => (isApiError(error, 404) || isApiError(error, 400) ? <QueryEmpty>{text.panel.none}</QueryEmpty> : undefined)}
      >
        {(p) => (
          <>
            <p className="text-sm text-ink-600">
              {p.title} · {text.panel.version(p.version)}
            </p>
            <fieldset className="space-y-1">
              <legend className="mb-1 text-sm font-semibold text-ink-800">{text.panel.checklist}</legend>
              {p.steps.map((step, i) => {
                const key = `${p.version}:${i}`;
                return (
                  <label key={key} className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink-900">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-5 shrink-0"
                      checked={done[key] ?? false}
                      onChange={(e) => setDone({ ...done, [key]: e.target.checked })}
                    />
                    <span className={done[key] ? 'text-ink-500 line-through' : undefined}>{step}</span>
                  </label>
                );
              })}
            </fieldset>
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-ink-800">{text.panel.replies}</h3>
              {p.replies.length === 0 ? (
                <p className="text-sm text-ink-600">{text.noReplies}</p>
              ) : (
                <ul className="space-y-2">
                  {p.replies.map((reply, i) => (
                    <li key={i} className="space-y-2 rounded-xl bg-ink-50 p-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium text-ink-900">{reply.title}</span>
                        <Button size="sm" variant="outline" aria-label={text.panel.insertLabel(reply.title)} onClick={() => insert(reply.body)}>
                          {text.panel.insert}
                        </Button>
                      </div>
                      <p className="whitespace-pre-line text-sm text-ink-700">{reply.body}</p>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
