import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Star } from 'lucide-react';
import { supportText } from '@openride/shared/support/support-text';
import { ticketReplySchema } from '@openride/shared/support/schemas';
import { mayRate, userMayReply } from '@openride/shared/support/ticket-state';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageTitle } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api';
import { type TicketDetail, useMyTicket, useRateTicket, useReplyToTicket } from '../api/tickets';
import { PhotoField } from './photo-field';
import { StatusChip } from './ticket-bits';
import { TicketMessages } from './ticket-messages';

const text = supportText.conversation;

/** One ticket as its requester (or a lost-item ticket's other party) reads it: the conversation, a reply box, the rating. */
export function TicketConversation({ id, backTo }: { id: string; backTo: string }) {
  const ticket = useMyTicket(id);
  const missing = isApiError(ticket.error, 404);
  return (
    <div className="space-y-4">
      <Link to={backTo} className="inline-flex items-center gap-2 text-sm font-medium text-ink-600 hover:text-ink-900">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {supportText.page.back}
      </Link>
      <QueryView query={ticket} loadFailed={missing ? supportText.errors.notFound : text.loadFailed} retry={!missing}>
        {(detail) => <Conversation detail={detail} />}
      </QueryView>
    </div>
  );
}

function Conversation({ detail }: { detail: TicketDetail }) {
  const { ticket } = detail;
  const title = text.title(ticket.number);
  return (
    <div className="space-y-4">
      <PageTitle title={title} />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
          <StatusChip status={ticket.status} />
          <span>{supportText.categories[ticket.category]}</span>
          <span className="break-words">{ticket.subject}</span>
        </p>
      </header>
      {ticket.category === 'lost_item' && ticket.ride_id ? (
        <p className="rounded-xl bg-ink-50 p-3 text-sm text-ink-700">{ticket.role === 'participant' ? text.participantNote : text.lostItemNote}</p>
      ) : null}
      <TicketMessages messages={detail.messages} reader={ticket.role} />
      {userMayReply(ticket.status) ? <ReplyBox id={ticket.id} /> : <p className="text-sm text-ink-600">{text.closed}</p>}
      {ticket.role === 'requester' && mayRate(ticket.status) ? <Rating id={ticket.id} rated={ticket.csat_rating} /> : null}
    </div>
  );
}

/** The reply, on the server's schema (a message is required); the photos beside it. */
const replyForm = ticketReplySchema.pick({ body: true });

function ReplyBox({ id }: { id: string }) {
  const reply = useReplyToTicket(id);
  const form = useZodForm(replyForm, { defaultValues: { body: '' } });
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = ({ body }: { body: string }) =>
    reply.mutate({ body, ...(photos.length ? { file_ids: photos } : {}) }, { onSuccess: () => (form.reset(), setPhotos([])) });
  return (
    <Form form={form} onSubmit={submit} className="space-y-2">
      <FormField name="body" as="textarea" label={text.replyLabel} rows={3} maxLength={4000} />
      <PhotoField photos={photos} setPhotos={setPhotos} onBusyChange={setBusy} />
      <MutationError error={reply.error} fallback="Could not send. Try again." />
      <Button type="submit" disabled={busy || reply.isPending}>
        {text.send}
      </Button>
    </Form>
  );
}

function Rating({ id, rated }: { id: string; rated: number | null }) {
  const rate = useRateTicket(id);
  if (rated !== null) return <p className="text-sm font-medium text-ink-800">{supportText.rating.thanks(rated)}</p>;
  return (
    <fieldset className="space-y-2 rounded-2xl border border-ink-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">{supportText.rating.question}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={rate.isPending}
            onClick={() => rate.mutate(n)}
            aria-label={supportText.rating.stars(n)}
            className="inline-flex size-11 items-center justify-center rounded-full text-amber-500 hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <Star className="size-6" aria-hidden="true" />
          </button>
        ))}
      </div>
      <MutationError error={rate.error} fallback="Could not save. Try again." />
    </fieldset>
  );
}
