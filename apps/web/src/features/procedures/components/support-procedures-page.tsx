import { type ReactNode, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { proceduresText as text } from '@openride/shared/procedures/procedures-text';
import { supportCategoryLabels } from '@openride/shared/support/categories';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { Tabs } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/staff';
import { type ProcedureView, supportSection, useProcedures, useProcedureVersions } from '../api/support-procedures';
import { ProcedureEditor } from './procedure-editor';

type Section = 'procedures' | 'faq';

/**
 * /support-procedures (admins, decision 0056): each support category's current procedure (steps and canned
 * replies), an editor that saves the next version, and each category's version history. The second tab is the
 * help center's FAQ editor, given by the route module (another feature's component). Each tab is there for a
 * staff member whose role may open it (decision 0089: the procedures `support.handle`, the FAQ `faq.edit`); with
 * one of them only, the page is that tab alone (the router has already refused the other's address).
 */
export function SupportProceduresPage({ faqEditor }: { faqEditor: ReactNode }) {
  // `?section=faq` opens the help center's tab (the /help page links there for admins).
  const [params, setParams] = useSearchParams();
  const section: Section = supportSection(params);
  const setSection = (next: Section) => setParams(next === 'faq' ? { section: 'faq' } : {}, { replace: true });
  const procedures = useCan('support.handle');
  const faq = useCan('faq.edit');
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      {procedures && faq ? (
        <Tabs
          label={text.tabs.label}
          items={[
            { value: 'procedures', label: text.tabs.procedures },
            { value: 'faq', label: text.tabs.faq },
          ]}
          value={section}
          onValueChange={setSection}
          className="space-y-6"
        >
          {(value) => (value === 'procedures' ? <ProcedureList /> : faqEditor)}
        </Tabs>
      ) : section === 'faq' ? (
        faqEditor
      ) : (
        <ProcedureList />
      )}
    </PageContainer>
  );
}

function ProcedureList() {
  const procedures = useProcedures();
  return (
    <QueryView query={procedures} loadFailed={text.loadFailed} isEmpty={(d) => d.length === 0} empty={text.empty}>
      {(list) => (
        <ul className="space-y-4" aria-label={text.categories}>
          {list.map((p) => (
            <li key={p.category}>
              <ProcedureCard procedure={p} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function ProcedureCard({ procedure: p }: { procedure: ProcedureView }) {
  const label = supportCategoryLabels[p.category];
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const historyId = useId();
  const mayEdit = useCan('procedure.edit');
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink-900">
            {label}
            <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700">{text.versionBadge(p.version)}</span>
          </h2>
          <p className="text-sm text-ink-600">
            {p.title} · {text.stepsCount(p.steps.length)} · {text.repliesCount(p.replies.length)}
          </p>
          <p className="text-xs text-ink-500">{text.savedBy(p.created_by_name, formatDateTime(p.created_at))}</p>
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            {mayEdit ? (
              <Button ref={editRef} variant="outline" size="sm" aria-label={text.editLabel(label)} onClick={() => setEditing(true)}>
                {text.edit}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-expanded={history}
              aria-controls={historyId}
              aria-label={text.historyLabel(label)}
              onClick={() => setHistory(!history)}
            >
              {text.history}
            </Button>
          </div>
        )}
      </header>
      {editing ? <ProcedureEditor key={p.version} procedure={p} onDone={close} /> : <ProcedureBody procedure={p} />}
      <div id={historyId}>{history && !editing ? <VersionHistory category={p.category} label={label} current={p.version} /> : null}</div>
    </article>
  );
}

function ProcedureBody({ procedure: p }: { procedure: ProcedureView }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-800">{text.steps}</h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-900">
          {p.steps.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-800">{text.replies}</h3>
        {p.replies.length === 0 ? (
          <p className="text-sm text-ink-600">{text.noReplies}</p>
        ) : (
          <ul className="space-y-2">
            {p.replies.map((r, i) => (
              <li key={i} className="rounded-xl bg-ink-50 p-3 text-sm">
                <p className="font-medium text-ink-900">{r.title}</p>
                <p className="whitespace-pre-line text-ink-700">{r.body}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function VersionHistory({ category, label, current }: { category: ProcedureView['category']; label: string; current: number }) {
  const versions = useProcedureVersions(category, true);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-label={text.historyLabel(label)} className="space-y-2 border-t border-ink-100 pt-4">
      <h3 className="text-sm font-semibold text-ink-800">{text.history}</h3>
      <QueryView query={versions} loadFailed={text.historyFailed}>
        {(versionsData) => (
          <ol className="space-y-2">
            {versionsData.map((v) => (
              <li key={v.id} className="rounded-xl border border-ink-100 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold text-ink-900">{text.versionBadge(v.version)}</span>
                    {v.version === current ? (
                      <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-ink-900">{text.current}</span>
                    ) : null}
                    <span className="ml-2 text-ink-500">{text.savedBy(v.created_by_name, formatDateTime(v.created_at))}</span>
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={open === v.version}
                    aria-label={text.viewLabel(v.version)}
                    onClick={() => setOpen(open === v.version ? null : v.version)}
                  >
                    {text.view}
                  </Button>
                </div>
                {open === v.version ? (
                  <div className="mt-3">
                    <ProcedureBody procedure={v} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
    </section>
  );
}
