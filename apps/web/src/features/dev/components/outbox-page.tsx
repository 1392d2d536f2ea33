import { Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api';
import { useOutbox } from '../api/get-outbox';
import { Linkify } from './linkify';

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
};

export function OutboxPage() {
  const outbox = useOutbox();

  // The server hides the outbox outside development: then this page does not exist either.
  if (isApiError(outbox.error, 404)) return <NotFoundPage />;

  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={uiText.outbox.title} description={uiText.outbox.text}>
        <Button variant="outline" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw className={outbox.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
          {uiText.outbox.refresh}
        </Button>
      </PageHeading>

      <QueryView
        query={outbox}
        loadFailed={
          <>
            {/* 403: not this machine and not an administrator (the outbox holds every reset link and code). */}
            {isApiError(outbox.error, 403) ? uiText.outbox.refused : uiText.outbox.loadFailed}
          </>
        }
        isEmpty={(d) => d.length === 0}
        empty={<QueryEmpty icon={Mail}>{uiText.outbox.empty}</QueryEmpty>}
      >
        {(outboxData) => (
          <ol className="space-y-4">
            {outboxData.map((message, index) => {
              const Icon = message.channel === 'email' ? Mail : MessageSquare;
              return (
                <li key={`${message.createdAt}-${index}`}>
                  <article className="rounded-2xl border border-ink-200 bg-white p-4 shadow-xs sm:p-5" data-channel={message.channel}>
                    <header className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-100 px-2.5 py-1 text-xs font-semibold text-ink-700 uppercase">
                        <Icon className="size-3.5" aria-hidden="true" />
                        {message.channel}
                      </span>
                      <span className="text-sm text-ink-600">
                        {uiText.outbox.to}: <span className="font-medium text-ink-900">{message.to}</span>
                      </span>
                      <time dateTime={message.createdAt} className="ml-auto text-xs text-ink-500">
                        {formatTime(message.createdAt)}
                      </time>
                    </header>
                    {message.subject ? <h2 className="mb-2 font-semibold text-ink-900">{message.subject}</h2> : null}
                    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-700">
                      <Linkify text={message.body} />
                    </p>
                  </article>
                </li>
              );
            })}
          </ol>
        )}
      </QueryView>
    </PageContainer>
  );
}
