import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LifeBuoy, Search } from 'lucide-react';
import { helpText as text } from '@openride/shared/help/help-text';
import type { FaqEntryView } from '@openride/shared/help/views';
import { buttonClasses } from '@/components/ui/button-classes';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { useFaq } from '../api/faq';
import { searchFaq } from '../lib/search-faq';

/**
 * /help (public, decision 0056): the FAQ by topic, filtered as you type (over the loaded entries), each answer
 * behind a disclosure button (an accordion: Tab moves between questions, Enter or Space opens one), and
 * "Still need help?" pointing a signed-in person to a support ticket and a visitor to the contact form.
 */
export function HelpPage() {
  const faq = useFaq();
  const me = useMe();
  const editor = useCan('faq.edit');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const topics = faq.data ? searchFaq(faq.data.topics, deferred) : [];
  const count = topics.reduce((n, t) => n + t.entries.length, 0);
  const searching = deferred.trim() !== '';
  const total = faq.data?.topics.reduce((n, t) => n + t.entries.length, 0) ?? 0;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={text.title} description={text.intro}>
        {editor ? (
          <Link to={paths.helpEditor} className="text-sm font-semibold text-brand-700 underline">
            {text.editAsAdmin}
          </Link>
        ) : null}
      </PageHeading>
      <QueryView query={faq} loadFailed={text.loadFailed} isEmpty={() => total === 0} empty={text.empty}>
        {(_faq) => (
          <div className="space-y-8">
            <div role="search" className="space-y-1.5">
              <label htmlFor={searchId} className="block text-sm font-medium text-ink-800">
                {text.search}
              </label>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" aria-hidden="true" />
                <input
                  id={searchId}
                  type="search"
                  className={cn(inputClasses, 'pl-10')}
                  placeholder={text.searchPlaceholder}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  autoComplete="off"
                />
              </div>
              <p aria-live="polite" className="min-h-5 text-sm text-ink-600">
                {searching ? (count === 0 ? text.noResults(deferred.trim()) : text.results(count)) : ''}
              </p>
            </div>
            {topics.map((topic) => (
              <section key={topic.id} aria-labelledby={`topic-${topic.id}`} className="space-y-3">
                <h2 id={`topic-${topic.id}`} className="text-xl font-bold text-ink-900">
                  {topic.label}
                </h2>
                <div className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
                  {topic.entries.map((entry) => (
                    <FaqItem key={entry.id} entry={entry} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </QueryView>
      <StillNeedHelp signedIn={Boolean(me.data)} />
    </PageContainer>
  );
}

function FaqItem({ entry }: { entry: FaqEntryView }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <h3>
        <button
          type="button"
          id={`${id}-q`}
          aria-expanded={open}
          aria-controls={`${id}-a`}
          onClick={() => setOpen(!open)}
          className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-ink-900 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
        >
          <span>{entry.question}</span>
          <ChevronDown className={cn('size-5 shrink-0 text-ink-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-a`} role="region" aria-labelledby={`${id}-q`} hidden={!open} className="space-y-3 px-4 pb-4 text-ink-700">
        {entry.answer.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  );
}

function StillNeedHelp({ signedIn }: { signedIn: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10 flex flex-col gap-4 rounded-3xl bg-ink-50 p-6 sm:flex-row sm:items-center">
      <LifeBuoy className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="flex-1 space-y-1">
        <h2 id={headingId} className="text-lg font-bold text-ink-900">
          {text.stillNeedHelp}
        </h2>
        <p className="text-ink-700">{signedIn ? text.stillNeedHelpSignedIn : text.stillNeedHelpVisitor}</p>
      </div>
      <Link to={signedIn ? paths.supportTickets : paths.contact} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
        {signedIn ? text.openTicket : text.contactUs}
      </Link>
    </section>
  );
}
