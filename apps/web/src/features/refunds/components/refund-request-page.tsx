import { type ReactNode, useId, useMemo } from 'react';
import { z } from 'zod';
import { useParams } from 'react-router';
import { refundText } from '@openride/shared/refunds/refund-text';
import { REFUND_ACTIONS, REFUND_BEARERS, type RefundDecision, refundDecisionSchema } from '@openride/shared/refunds/schemas';
import { timelineEventText } from '@openride/shared/rides/operator-text';
import type { TimelineEvent } from '@openride/shared/rides/operator';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { DetailPage } from '@/components/ui/detail-page';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageTitle } from '@/components/ui/page';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import { type AdminRefundDetail, type RefundProposal, useDecideRefund, useProposeRefund, useRefundRequest } from '../api/refund-requests';
import { statusBadge } from './refund-management-page';

const text = refundText.admin;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const eventText = (e: TimelineEvent) => timelineEventText(e);

/**
 * /refund-management/:id (admins, decision 0039): one rider's report with what to decide on — the ride's
 * timeline and route (/booking-management's story), its fare lines and its money from the ledger — and the
 * decision: Approve full, Approve partial, Give wallet credit or Reject, with who bears it.
 */
export function RefundRequestPage() {
  const { id = '' } = useParams();
  const detail = useRefundRequest(id);
  return (
    <DetailPage back={{ to: paths.refundManagement, label: text.back }} query={detail} notFound={text.notFound} loadFailed={text.detailFailed}>
      {(data) => <RequestStory detail={data} />}
    </DetailPage>
  );
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('min-w-0 rounded-2xl border border-ink-200 bg-white p-4', className)}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Line({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex flex-wrap justify-between gap-x-3 py-1', strong && 'font-semibold')}>
      <dt className="text-ink-600">{label}</dt>
      <dd className="text-ink-900 tabular-nums">{children}</dd>
    </div>
  );
}

function RequestStory({ detail }: { detail: AdminRefundDetail }) {
  const { request: q, ride, money: m } = detail;
  const money = (cents: number) => formatMoney(cents, m.currency);
  const title = `${q.rider_name}: ${refundText.reasons[q.reason]}`;
  const mayDecide = useCan('refund.approve');
  const mayPropose = useCan('refund.propose');
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl">{title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[q.status])}>{refundText.statuses[q.status]}</span>
          <span>{dateTime.format(new Date(q.created_at))}</span>
          <span className="break-all">{q.rider_email}</span>
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={text.request}>
          <dl className="text-sm">
            <Line label={text.columns.reason}>{refundText.reasons[q.reason]}</Line>
            <Line label={text.columns.asked}>{q.requested_cents ? money(q.requested_cents) : '—'}</Line>
            <Line label={text.columns.ride}>{`${ride.ride.pickup_label ?? '—'} → ${ride.ride.dropoff_label ?? '—'}`}</Line>
          </dl>
          <p className="mt-2 text-sm break-words text-ink-800">{q.comment ? `“${q.comment}”` : <span className="text-ink-500">{text.noComment}</span>}</p>
          {q.status !== 'open' && q.decided_at ? (
            <div className="mt-3 space-y-1 border-t border-ink-100 pt-3 text-sm">
              <p className="font-medium text-ink-900">
                {q.decision ? refundText.actions[q.decision] : null}
                {q.refunded_cents ? ` · ${money(q.refunded_cents)}` : ''}
                {q.bearer ? ` · ${refundText.bearers[q.bearer]}` : ''}
                {q.destination ? ` · ${refundText.destinations[q.destination]}` : ''}
              </p>
              {q.decision_reason ? <p className="text-ink-700">“{q.decision_reason}”</p> : null}
              <p className="text-ink-500">{text.decidedBy(q.decided_by_name, dateTime.format(new Date(q.decided_at)))}</p>
            </div>
          ) : null}
          {q.proposal ? <ProposalNote proposal={q.proposal} currency={m.currency} /> : null}
        </Card>

        <Card title={text.money}>
          <dl className="text-sm">
            {(['cash', 'card', 'wallet', 'business'] as const)
              .filter((k) => m[`${k}_cents`] !== 0)
              .map((k) => (
                <Line key={k} label={`${text.paid} · ${text.byMethod[k]}`}>
                  {money(m[`${k}_cents`])}
                </Line>
              ))}
            {m.carried_fee_cents ? <Line label={text.carried}>{money(m.carried_fee_cents)}</Line> : null}
            {m.tip_cents ? <Line label={text.tip}>{money(m.tip_cents)}</Line> : null}
            <Line label={text.paid} strong>
              {money(m.paid_cents)}
            </Line>
            <Line label={text.refunded}>{money(m.refunded_cents)}</Line>
            <Line label={text.refundable} strong>
              {money(m.refundable_cents)}
            </Line>
          </dl>
        </Card>
      </div>

      {q.status === 'open' && (mayDecide || mayPropose) ? (
        <DecisionForm key={q.proposal?.at ?? 'none'} detail={detail} mode={mayDecide ? 'decide' : 'propose'} />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={text.fareLines}>
          <dl className="text-sm">
            {detail.fare_lines.map((l, i) => (
              <Line key={`${l.label}-${i}`} label={l.label}>
                {money(l.amount_cents)}
              </Line>
            ))}
          </dl>
        </Card>
        <Card title={text.timeline}>
          <ol className="space-y-3 border-l-2 border-ink-100 pl-4">
            {ride.timeline.map((e, i) => (
              <li key={`${e.kind}-${e.at}-${i}`} className="text-sm">
                <p className="font-medium text-ink-900">{eventText(e)}</p>
                <p className="text-xs text-ink-500">
                  <time dateTime={e.at}>{time(e.at)}</time>
                  {e.reason ? ` · “${e.reason}”` : ''}
                </p>
              </li>
            ))}
          </ol>
        </Card>
      </div>

      <Card title={text.route}>
        <RideMap
          className="h-72 rounded-xl"
          label={text.route}
          pickup={ride.ride.pickup}
          destination={ride.ride.destination}
          path={ride.route.map((p) => [p.lat, p.lng] as [number, number])}
        />
        {ride.route.length === 0 ? <p className="mt-2 text-sm text-ink-500">{text.routeNone}</p> : null}
      </Card>

      {detail.other_requests.length ? (
        <Card title={text.otherRequests}>
          <ul className="space-y-2 text-sm">
            {detail.other_requests.map((o) => (
              <li key={o.id}>
                {dateTime.format(new Date(o.created_at))} · {refundText.reasons[o.reason]} · {refundText.statuses[o.status]}
                {o.refunded_cents ? ` · ${money(o.refunded_cents)}` : ''}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

/** What a staff member proposed (decision 0093), as the request's card tells it. */
function ProposalNote({ proposal: p, currency }: { proposal: RefundProposal; currency: string }) {
  return (
    <div className="mt-3 space-y-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="refund-proposal">
      <p className="font-medium text-ink-900">
        {text.proposal}: {refundText.actions[p.action]}
        {p.amount_cents !== null ? ` · ${formatMoney(p.amount_cents, currency)}` : ''}
        {p.bearer ? ` · ${refundText.bearers[p.bearer]}` : ''}
      </p>
      {p.note ? <p className="text-ink-700">“{p.note}”</p> : null}
      <p className="text-ink-600">{text.proposedBy(p.by_name, dateTime.format(new Date(p.at)))}</p>
    </div>
  );
}

/**
 * The decision as the form holds it (strings) → the server's `refundDecisionSchema`: a reason of 3 characters
 * to reject, an amount in the ride's currency (at most what is refundable) to approve partly or credit; each refusal is
 * said beside its field.
 */
function decisionSchema(refundableCents: number, max: string, currency: string) {
  return z
    .object({ action: z.enum(REFUND_ACTIONS), bearer: z.enum(REFUND_BEARERS), amount: z.string(), note: z.string() })
    .superRefine(({ action, amount, note }, ctx) => {
      if (action === 'reject' && note.trim().length < 3) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Give a reason (at least 3 characters)' });
      if (action !== 'approve_partial' && action !== 'credit') return;
      const cents = parseMoney(amount, currency);
      if (cents === undefined || Number.isNaN(cents) || cents <= 0)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: refundText.report.amountInvalid(currency) });
      else if (cents > refundableCents) ctx.addIssue({ code: 'custom', path: ['amount'], message: text.amountHint(max) });
    })
    .transform(({ action, bearer, amount, note }): RefundDecision => {
      const kept = note.trim() ? { note: note.trim() } : {};
      if (action === 'reject') return { action, reason: note.trim() };
      if (action === 'approve_full') return { action, bearer, ...kept };
      return { action, bearer, amount_cents: parseMoney(amount, currency)!, ...kept };
    })
    .pipe(refundDecisionSchema);
}

/** The form's first values: the proposal's when there is one (decision 0093), else a partial refund of what was asked. */
function startValues(detail: AdminRefundDetail) {
  const { request: q, money: m } = detail;
  const p = q.proposal;
  if (p)
    return {
      action: p.action,
      bearer: p.bearer ?? 'platform',
      amount: moneyInputValue(p.amount_cents ?? m.refundable_cents, m.currency),
      note: p.note ?? '',
    };
  return {
    action: 'approve_partial' as const,
    bearer: 'platform' as const,
    amount: moneyInputValue(q.requested_cents ?? m.refundable_cents, m.currency),
    note: '',
  };
}

/**
 * Decide (`refund.approve`) or propose (`refund.propose`, support) a decision. Above the owners' amount for
 * this currency (decision 0093) a refund is decided only as someone else proposed it: the form says so and
 * proposes instead — the server holds the rule whatever this shows.
 */
function DecisionForm({ detail, mode }: { detail: AdminRefundDetail; mode: 'decide' | 'propose' }) {
  const { request: q, money: m } = detail;
  const decide = useDecideRefund(q.id);
  const propose = useProposeRefund(q.id);
  const me = useMe().data?.user.id;
  const titleId = useId();
  const max = formatMoney(m.refundable_cents, m.currency);
  const schema = useMemo(() => decisionSchema(m.refundable_cents, max, m.currency), [m.refundable_cents, max, m.currency]);
  const form = useZodForm(schema, { defaultValues: startValues(detail) });
  const [action, amount, bearer] = form.watch(['action', 'amount', 'bearer']);
  const needsAmount = action === 'approve_partial' || action === 'credit';
  const cents = action === 'approve_full' ? m.refundable_cents : action === 'reject' ? 0 : (parseMoney(amount, m.currency) ?? 0);
  const above = detail.second_person_above;
  const p = q.proposal;
  const seconded = p !== null && p.by_id !== me && p.action === action && p.amount_cents === cents && p.bearer === bearer;
  const needsSecond = mode === 'decide' && above !== null && action !== 'reject' && cents > above && !seconded;
  const proposing = mode === 'propose' || needsSecond;
  const pending = decide.isPending || propose.isPending;
  const submit = (decision: RefundDecision) =>
    // The form goes away with the open request (the answer replaces the page's data): toast from the promise.
    proposing
      ? propose.mutateAsync(decision).then(
          () => toast({ title: text.proposedToast }),
          () => undefined,
        )
      : decide.mutateAsync(decision).then(
          () => toast({ title: text.decided(decision.action) }),
          () => undefined,
        );
  return (
    <Form form={form} onSubmit={submit} aria-labelledby={titleId} className="space-y-4 rounded-2xl border-2 border-brand-200 bg-white p-4">
      <h2 id={titleId} className="text-lg font-semibold text-ink-900">
        {mode === 'propose' ? text.propose : text.decide}
      </h2>
      {mode === 'propose' ? <p className="text-sm text-ink-600">{text.proposeIntro}</p> : null}
      <p className="text-sm text-ink-600">{detail.refund_to === 'company' ? text.toCompany : detail.refund_to === 'card' ? text.toCard : text.toWallet}</p>
      {needsSecond ? (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {p?.by_id === me ? text.secondPersonYours(formatMoney(above, m.currency)) : text.secondPerson(formatMoney(above, m.currency))}
        </p>
      ) : null}
      <fieldset className="grid gap-1 sm:grid-cols-2">
        <legend className="sr-only">{text.decide}</legend>
        {/* A business ride's refund goes to the company: no wallet credit for the rider (decision 0072). */}
        {REFUND_ACTIONS.filter((a) => !(a === 'credit' && detail.refund_to === 'company')).map((a) => (
          <label key={a} className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
            <input type="radio" value={a} {...form.register('action')} className="size-4" />
            {refundText.actions[a]}
          </label>
        ))}
      </fieldset>
      {action !== 'reject' ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink-800">{text.bearer}</legend>
          <div className="flex flex-wrap gap-x-6">
            {REFUND_BEARERS.map((b) => (
              <label key={b} className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
                <input type="radio" value={b} {...form.register('bearer')} className="size-4" />
                {refundText.bearers[b]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {needsAmount ? <FormField name="amount" label={text.amount(m.currency)} hint={text.amountHint(max)} inputMode="decimal" /> : null}
      <FormField name="note" as="textarea" label={action === 'reject' ? text.rejectReason : text.note} rows={2} maxLength={500} />
      <MutationError error={decide.error ?? propose.error} fallback={proposing ? text.proposeFailed : text.failed} />
      <Button type="submit" variant={action === 'reject' && !proposing ? 'destructive' : 'primary'} disabled={pending}>
        {pending ? text.deciding : proposing ? text.proposeSubmit(action) : text.submit(action)}
      </Button>
    </Form>
  );
}
