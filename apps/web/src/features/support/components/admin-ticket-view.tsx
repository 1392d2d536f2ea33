import { type ReactNode, useId, useState } from 'react';
import { adminTicketMessageSchema, TICKET_PRIORITIES, type TicketPriority } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { operatorText, timelineEventText } from '@openride/shared/rides/operator-text';
import type { TimelineEvent } from '@openride/shared/rides/operator';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { DetailPage } from '@/components/ui/detail-page';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { useMe } from '@/lib/session';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { type AdminTicketAction, type AdminTicketDetail, useAdminTicket, useAdminTicketAction } from '../api/admin-tickets';
import { PhotoField } from './photo-field';
import { formatWhen, PriorityChip, selectClasses, StatusChip } from './ticket-bits';
import { TicketMessages } from './ticket-messages';

const text = supportText.admin;

/** What the route module may render beside a ticket (another feature's procedures); `insert` puts text in the reply box. */
export type ProcedurePanel = (args: { category: string; insert: (text: string) => void }) => ReactNode;

const eventText = (e: TimelineEvent) => timelineEventText(e);

/** The reply or note's text, on the server's schema (a message is required); the kind and photos beside it. */
const composerForm = adminTicketMessageSchema.pick({ body: true });

/** One ticket for an admin: Assign, priority, Resolve/Reopen, the conversation with internal notes, a reply or note, and the ride beside it. */
export function AdminTicketView({ id, backTo, procedurePanel }: { id: string; backTo: string; procedurePanel?: ProcedurePanel }) {
  const detail = useAdminTicket(id);
  return (
    <DetailPage
      back={{ to: backTo, label: supportText.admin.queue }}
      query={detail}
      notFound={supportText.errors.notFound}
      loadFailed={supportText.conversation.loadFailed}
    >
      {(data) => <TicketWork detail={data} procedurePanel={procedurePanel} />}
    </DetailPage>
  );
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0 rounded-2xl border border-ink-200 bg-white p-4', className)}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TicketWork({ detail, procedurePanel }: { detail: AdminTicketDetail; procedurePanel?: ProcedurePanel }) {
  const { ticket: t } = detail;
  const me = useMe();
  const action = useAdminTicketAction(t.id);
  const composer = useZodForm(composerForm, { defaultValues: { body: '' } });
  const run = (a: AdminTicketAction, done?: string) =>
    action.mutate(a, {
      onSuccess: () => (done ? toast({ title: done }) : undefined),
      onError: (err) => toast({ title: isApiError(err) ? err.message : 'That did not work. Try again.', variant: 'destructive' }),
    });
  const title = `${t.number} · ${supportText.categories[t.category]}`;
  const assignId = useId();
  const priorityId = useId();
  const myId = me.data?.user.id;
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl">{title}</h1>
        <p className="break-words text-ink-800">{t.subject}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
          <StatusChip status={t.status} admin />
          <PriorityChip priority={t.priority} />
          <span className={cn(t.overdue && 'font-semibold text-red-700')}>
            {t.overdue ? `${text.overdue} · ` : `${text.due} `}
            <time dateTime={t.sla_due_at}>{formatWhen(t.sla_due_at)}</time>
          </span>
          <span>
            {text.requester}: {t.requester_name}
            {t.requester_email ? ` · ${t.requester_email}` : ''}
            {t.visitor ? ` · ${text.visitor}` : ''}
          </span>
          {t.participant_name ? <span>Other party: {t.participant_name}</span> : null}
          {t.csat_rating ? <span>{text.rated(t.csat_rating)}</span> : null}
        </p>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-44 space-y-1.5">
          <label htmlFor={assignId} className="block text-sm font-medium text-ink-800">
            {text.assignee}
          </label>
          <select
            id={assignId}
            className={selectClasses}
            value={t.assignee_id ?? ''}
            disabled={action.isPending}
            onChange={(e) => run({ kind: 'assign', assignee_id: e.target.value || null }, text.assign)}
          >
            <option value="">{text.unassigned}</option>
            {detail.agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.id === myId ? `${a.name} (${text.me})` : a.name}
              </option>
            ))}
          </select>
        </div>
        {myId && t.assignee_id !== myId ? (
          <Button variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'assign', assignee_id: myId }, text.assign)}>
            {text.assignToMe}
          </Button>
        ) : null}
        <div className="min-w-36 space-y-1.5">
          <label htmlFor={priorityId} className="block text-sm font-medium text-ink-800">
            {text.priority}
          </label>
          <select
            id={priorityId}
            className={selectClasses}
            value={t.priority}
            disabled={action.isPending}
            onChange={(e) => run({ kind: 'priority', priority: e.target.value as TicketPriority })}
          >
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {supportText.priorities[p]}
              </option>
            ))}
          </select>
        </div>
        {t.status === 'open' || t.status === 'pending' ? (
          <Button disabled={action.isPending} onClick={() => run({ kind: 'resolve' }, text.resolve)}>
            {text.resolve}
          </Button>
        ) : (
          <Button variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'reopen' }, text.reopen)}>
            {text.reopen}
          </Button>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-4">
          <Card title="Conversation">
            <TicketMessages messages={detail.messages} reader="admin" />
          </Card>
          {procedurePanel
            ? procedurePanel({
                category: t.category,
                insert: (x) => {
                  const d = composer.getValues('body');
                  composer.setValue('body', d ? `${d}\n\n${x}` : x);
                },
              })
            : null}
          <Composer
            form={composer}
            closed={t.status === 'closed'}
            pending={action.isPending}
            emailTo={t.visitor ? t.requester_email : null}
            onSend={(body, internal, file_ids) =>
              run({ kind: 'message', input: { body, internal, ...(file_ids.length ? { file_ids } : {}) } }, internal ? text.addNote : text.sendReply)
            }
          />
        </div>
        {detail.ride ? <RidePanel ride={detail.ride} /> : null}
      </div>
    </div>
  );
}

function Composer({
  form,
  closed,
  pending,
  emailTo,
  onSend,
}: {
  form: ReturnType<typeof useZodForm<typeof composerForm>>;
  closed: boolean;
  pending: boolean;
  emailTo: string | null;
  onSend: (body: string, internal: boolean, fileIds: string[]) => void;
}) {
  const [mode, setMode] = useState<'reply' | 'note'>(closed ? 'note' : 'reply');
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const internal = mode === 'note';
  const submit = ({ body }: { body: string }) => {
    onSend(body, internal, photos);
    form.reset();
    setPhotos([]);
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      className={cn('space-y-3 rounded-2xl border p-4', internal ? 'border-dashed border-amber-400 bg-amber-50' : 'border-ink-200 bg-white')}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Message kind</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-900">
          <input type="radio" name="kind" value="reply" checked={mode === 'reply'} disabled={closed} onChange={() => setMode('reply')} className="size-4" />
          {text.replyLabel}
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-900">
          <input type="radio" name="kind" value="note" checked={mode === 'note'} onChange={() => setMode('note')} className="size-4" />
          {text.noteLabel}
        </label>
      </fieldset>
      {/* The label is for screen readers only (the radios above say which): [&>label]:sr-only. */}
      <FormField name="body" as="textarea" label={internal ? text.noteText : text.replyText} rows={4} maxLength={4000} className="[&>label]:sr-only" />
      {internal ? (
        <p className="text-xs font-semibold text-amber-900">{supportText.conversation.internal}</p>
      ) : emailTo ? (
        <p className="text-xs text-ink-600">{text.emailed(emailTo)}</p>
      ) : null}
      <PhotoField photos={photos} setPhotos={setPhotos} onBusyChange={setBusy} />
      <Button type="submit" variant={internal ? 'secondary' : 'primary'} disabled={busy || pending}>
        {internal ? text.addNote : text.sendReply}
      </Button>
    </Form>
  );
}

function RidePanel({ ride: detail }: { ride: NonNullable<AdminTicketDetail['ride']> }) {
  const r = detail.ride;
  return (
    <div className="min-w-0 space-y-4">
      <Card title={text.ride}>
        <dl className="space-y-1 text-sm">
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-ink-600">{operatorText.fields.trip}</dt>
            <dd className="text-ink-900">{`${r.pickup_label ?? '—'} → ${r.dropoff_label ?? '—'}`}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-ink-600">{operatorText.fields.rider}</dt>
            <dd className="text-ink-900">{r.rider_name}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-ink-600">{operatorText.fields.driver}</dt>
            <dd className="text-ink-900">{r.driver_name ?? '—'}</dd>
          </div>
          {r.vehicle ? (
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-ink-600">{operatorText.fields.vehicle}</dt>
              <dd className="text-ink-900">{r.vehicle}</dd>
            </div>
          ) : null}
        </dl>
      </Card>
      <Card title={text.timeline}>
        <ol className="space-y-2 border-l-2 border-ink-100 pl-4">
          {detail.timeline.map((e, i) => (
            <li key={`${e.kind}-${e.at}-${i}`} className="text-sm">
              <p className="font-medium text-ink-900">{eventText(e)}</p>
              <p className="text-xs text-ink-500">
                <time dateTime={e.at}>{formatWhen(e.at)}</time>
                {e.reason ? ` · “${e.reason}”` : ''}
              </p>
            </li>
          ))}
        </ol>
      </Card>
      <Card title={text.rideChat}>
        {detail.messages.length === 0 ? (
          <p className="text-sm text-ink-500">{text.noChat}</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {detail.messages.map((m, i) => (
              <li key={`${m.created_at}-${i}`}>
                <span className="font-semibold text-ink-900">{operatorText.sender[m.sender_role]}:</span>{' '}
                <span className="break-words text-ink-800">{m.body}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Route">
        <RideMap
          className="h-56 rounded-xl"
          label="Route"
          pickup={r.pickup}
          destination={r.destination}
          path={detail.route.map((p) => [p.lat, p.lng] as [number, number])}
        />
      </Card>
    </div>
  );
}
