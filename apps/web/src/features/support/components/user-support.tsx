import { Link, useNavigate, useSearchParams } from 'react-router';
import { LifeBuoy } from 'lucide-react';
import { supportText } from '@openride/shared/support/support-text';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { useMyTickets, useTicketEvents } from '../api/tickets';
import { NewTicketForm } from './new-ticket-form';
import { formatWhen, StatusChip } from './ticket-bits';
import { TicketConversation } from './ticket-conversation';

const PATH = '/support-tickets';

/**
 * /support-tickets for riders and drivers: "New ticket", their tickets with status chips, and one ticket's
 * conversation (`?ticket=ID`). `?ride=ID` opens the form with that ride chosen (the links on a ride).
 */
export function UserSupport({ as }: { as: 'rider' | 'driver' }) {
  useTicketEvents();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticketId = params.get('ticket');
  const rideId = params.get('ride') ?? undefined;
  const composing = params.has('new') || rideId !== undefined;
  return (
    <PageContainer className="max-w-3xl">
      {ticketId ? (
        <TicketConversation id={ticketId} backTo={PATH} />
      ) : (
        <div className="space-y-6">
          <PageHeading title={supportText.page.title} description={supportText.page.description}>
            {composing ? null : <Button onClick={() => navigate(`${PATH}?new=1`)}>{supportText.page.newTicket}</Button>}
          </PageHeading>
          {composing ? <NewTicketForm rideId={rideId} as={as} onOpened={(t) => navigate(`${PATH}?ticket=${encodeURIComponent(t.id)}`)} /> : null}
          <MyTickets />
        </div>
      )}
    </PageContainer>
  );
}

function MyTickets() {
  const tickets = useMyTickets();
  return (
    <section aria-labelledby="my-tickets" className="space-y-3">
      <h2 id="my-tickets" className="text-lg font-semibold text-ink-900">
        {supportText.page.myTickets}
      </h2>
      <QueryView
        query={tickets}
        loadFailed={supportText.page.loadFailed}
        isEmpty={(d) => d.length === 0}
        empty={<QueryEmpty icon={LifeBuoy}>{supportText.page.noTickets}</QueryEmpty>}
      >
        {(ticketsData) => (
          <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
            {ticketsData.map((t) => (
              <li key={t.id}>
                <Link
                  to={`${PATH}?ticket=${encodeURIComponent(t.id)}`}
                  className="block p-4 hover:bg-ink-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold text-ink-900">{t.number}</span>
                    <StatusChip status={t.status} />
                    <span className="text-ink-600">{supportText.categories[t.category]}</span>
                  </p>
                  <p className="mt-1 truncate text-sm text-ink-800">{t.subject}</p>
                  <p className="mt-0.5 text-xs text-ink-500">
                    <time dateTime={t.updated_at}>{formatWhen(t.updated_at)}</time>
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
