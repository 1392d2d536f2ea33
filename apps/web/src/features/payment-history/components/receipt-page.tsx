import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LifeBuoy } from 'lucide-react';
import { parseMoney } from '@openride/shared/money';
import { paymentHistoryText as text } from '@openride/shared/payment-history/payment-history-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { refundText } from '@openride/shared/refunds/refund-text';
import { REFUND_REASONS, type RefundReason } from '@openride/shared/refunds/schemas';
import type { RefundRequestView } from '@openride/shared/refunds/views';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { Alert } from '@/components/ui/alert';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { DetailPage } from '@/components/ui/detail-page';
import { Field, inputClasses } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { supportText } from '@openride/shared/support/support-text';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { readerLocale } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { formatDateTimeIn } from '@openride/shared/time';
import { type MoneyReceipt, useMoneyReceipt, useReportProblem } from '../api/payment-history';
import { statusBadge } from './payment-history-page';
import { hrefOf } from '@/lib/call';

/** A time on the ride's city's clock, its zone named, in the reader's words (issue 30 §4). */
const cityTime = (iso: string, timeZone: string) => formatDateTimeIn(iso, timeZone, readerLocale());
const r = text.receipt;

/**
 * /payment-history/:rideId (the ride's rider, decision 0039): the receipt — fare lines with surge, the
 * promotion's line (decision 0068), carried fees, tip and the total; how it was paid, the tip its own row (the
 * rows sum to the total, issue 27); refunds (every amount from the ledger, none computed here) — printable (no nav, no buttons on paper),
 * as a PDF from the server, and "Report a problem with this fare" with the request's status.
 */
export function ReceiptPage() {
  const { rideId = '' } = useParams();
  const receipt = useMoneyReceipt(rideId);
  return (
    <DetailPage back={{ to: paths.paymentHistory, label: r.back }} query={receipt} notFound={r.notFound} loadFailed={r.loadFailed}>
      {(data) => <Receipt receipt={data} />}
    </DetailPage>
  );
}

function Row({ label, children, strong = false }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex flex-wrap justify-between gap-x-3 px-4 py-2.5', strong && 'text-base font-bold')}>
      <dt className={strong ? 'text-ink-900' : 'text-ink-600'}>{label}</dt>
      <dd className="text-ink-900 tabular-nums">{children}</dd>
    </div>
  );
}

function Receipt({ receipt }: { receipt: MoneyReceipt }) {
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const m = receipt.money;
  const place = (p: MoneyReceipt['pickup']) => p.label ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-6">
      <PageTitle title={r.title} />
      <header className="space-y-1">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          {r.title}
        </h1>
        <p className="text-sm text-ink-600">{receipt.completed_at ? cityTime(receipt.completed_at, receipt.time_zone) : null}</p>
        <p className="text-sm break-words text-ink-700">
          {place(receipt.pickup)} → {place(receipt.destination)}
        </p>
        <p className="text-sm text-ink-600">
          {RIDE_TYPE_NAMES[receipt.ride_type]} · {(receipt.distance_m / 1000).toFixed(1)} km · {Math.round(receipt.duration_s / 60)} min
        </p>
        <p className="font-mono text-xs break-all text-ink-500">{receipt.ride_id}</p>
      </header>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          {r.print}
        </Button>
        <a href={hrefOf('GET /api/rides/:id/receipt.pdf', { params: { id: receipt.ride_id } })} download className={buttonClasses({ variant: 'outline' })}>
          {r.pdf}
        </a>
      </div>

      <section aria-labelledby={`${headingId}-fare`} className="space-y-2">
        <h2 id={`${headingId}-fare`} className="text-lg font-semibold text-ink-900">
          {r.fare}
        </h2>
        <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white text-sm">
          {receipt.lines.map((line, i) => (
            <Row key={`${line.label}-${i}`} label={line.label}>
              {money(line.amount_cents)}
            </Row>
          ))}
          {receipt.surge_multiplier !== 1 ? <Row label={r.surge(String(receipt.surge_multiplier))}>{null}</Row> : null}
          {receipt.promotion ? <Row label={promotionsText.receipt.line(receipt.promotion.code)}>−{money(receipt.promotion.discount_cents)}</Row> : null}
          {m && m.carried_fee_cents ? <Row label={r.carried}>{money(m.carried_fee_cents)}</Row> : null}
          {m && m.tip_cents ? <Row label={r.tip}>{money(m.tip_cents)}</Row> : null}
          <Row label={r.total} strong>
            {money(receipt.total_cents ?? receipt.paid_fare_cents)}
          </Row>
        </dl>
      </section>

      {m ? (
        <section aria-labelledby={`${headingId}-paid`} className="space-y-2">
          <h2 id={`${headingId}-paid`} className="text-lg font-semibold text-ink-900">
            {r.method}
          </h2>
          <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white text-sm">
            {receipt.payments.map((p) => (
              <Row key={p.kind} label={r.payments[p.kind]}>
                {money(p.amount_cents)}
              </Row>
            ))}
          </dl>
        </section>
      ) : null}

      {m ? (
        <section aria-labelledby={`${headingId}-refunds`} className="space-y-2">
          <h2 id={`${headingId}-refunds`} className="text-lg font-semibold text-ink-900">
            {r.refunds}
          </h2>
          {m.refunds.length === 0 ? (
            <p className="text-sm text-ink-600">{r.noRefunds}</p>
          ) : (
            <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white text-sm">
              {m.refunds.map((f) => (
                <Row key={f.id} label={`${cityTime(f.at, receipt.time_zone)} · ${r.refundedTo(refundText.destinations[f.destination])}`}>
                  −{money(f.amount_cents)}
                </Row>
              ))}
              <Row label={r.paid} strong>
                {money(m.paid_cents - m.refunded_cents)}
              </Row>
            </dl>
          )}
        </section>
      ) : null}

      {m ? <Report receipt={receipt} /> : null}

      <RideMap className="h-56 rounded-2xl print:hidden" label={r.pathMap} pickup={receipt.pickup} destination={receipt.destination} path={receipt.path} />
    </article>
  );
}

/** The ride's requests and their status, and the report form while one may be made. */
function Report({ receipt }: { receipt: MoneyReceipt }) {
  const m = receipt.money!;
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);
  const hasOpen = receipt.refund_requests.some((q) => q.status === 'open');
  const closed = receipt.report_until !== null && Date.now() > new Date(receipt.report_until).getTime();
  const headingId = useId();
  const close = (sent: boolean) => {
    setOpen(false);
    requestAnimationFrame(() => (sent ? statusRef.current?.focus() : openRef.current?.focus()));
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} ref={statusRef} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
        {refundText.requestTitle}
      </h2>
      {receipt.refund_requests.length ? (
        <ul className="space-y-2">
          {receipt.refund_requests.map((q) => (
            <RequestCard key={q.id} request={q} timeZone={receipt.time_zone} />
          ))}
        </ul>
      ) : null}
      <div className="print:hidden">
        {closed ? (
          <p className="text-sm text-ink-600">{refundText.report.closed}</p>
        ) : m.refundable_cents <= 0 ? (
          <p className="text-sm text-ink-600">{refundText.report.nothingLeft}</p>
        ) : hasOpen ? null : open ? (
          <ReportForm rideId={receipt.ride_id} currency={receipt.currency} maxCents={m.refundable_cents} onDone={close} />
        ) : (
          <Button ref={openRef} variant="outline" onClick={() => setOpen(true)}>
            {refundText.report.open}
          </Button>
        )}
      </div>
      <Link to={paths.supportForRide(receipt.ride_id)} className={buttonClasses({ variant: 'link', className: 'text-sm print:hidden' })}>
        <LifeBuoy className="size-4" aria-hidden="true" />
        {supportText.entry.getHelp}
      </Link>
    </section>
  );
}

function RequestCard({ request: q, timeZone }: { request: RefundRequestView; timeZone: string }) {
  const money = (cents: number) => formatMoney(cents, q.currency);
  return (
    <li className="space-y-1 rounded-2xl border border-ink-200 bg-white px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink-900">{refundText.reasons[q.reason]}</p>
        <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[q.status])}>{refundText.statuses[q.status]}</span>
      </div>
      <p className="text-ink-600">
        <time dateTime={q.created_at}>{cityTime(q.created_at, timeZone)}</time>
        {q.requested_cents ? ` · ${refundText.requested(money(q.requested_cents))}` : ''}
      </p>
      {q.comment ? <p className="break-words text-ink-700">“{q.comment}”</p> : null}
      {q.refunded_cents > 0 && q.destination ? (
        <p className="font-semibold text-brand-800">{refundText.refunded(money(q.refunded_cents), refundText.destinations[q.destination])}</p>
      ) : null}
      {q.status === 'rejected' && q.decision_reason ? <p className="text-ink-700">{refundText.rejectedBecause(q.decision_reason)}</p> : null}
    </li>
  );
}

function ReportForm({ rideId, currency, maxCents, onDone }: { rideId: string; currency: string; maxCents: number; onDone: (sent: boolean) => void }) {
  const report = useReportProblem(rideId);
  const [reason, setReason] = useState<RefundReason>(REFUND_REASONS[0]);
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const reasonId = useId();
  const commentId = useId();
  const titleId = useId();
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const max = formatMoney(maxCents, currency);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseMoney(amount, currency);
    if (cents !== undefined && (Number.isNaN(cents) || cents <= 0)) return setInvalid(refundText.report.amountInvalid(currency));
    if (cents !== undefined && cents > maxCents) return setInvalid(refundText.report.amountHint(max));
    setInvalid(null);
    // The form goes away once the request is open (the receipt refetches): toast from the promise.
    report.mutateAsync({ reason, ...(cents ? { amount_cents: cents } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) }).then(
      () => {
        toast({ title: refundText.report.sent });
        onDone(true);
      },
      () => undefined,
    );
  };
  const failure = invalid ?? (report.error ? (isApiError(report.error) && report.error.message ? report.error.message : refundText.report.failed) : null);
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
      <div>
        <h3 id={titleId} className="text-base font-semibold text-ink-900">
          {refundText.report.title}
        </h3>
        <p className="text-sm text-ink-600">{refundText.report.intro}</p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={reasonId} className="block text-sm font-medium text-ink-800">
          {refundText.report.reason}
        </label>
        <select ref={first} id={reasonId} className={inputClasses} value={reason} onChange={(e) => setReason(e.target.value as RefundReason)}>
          {REFUND_REASONS.map((k) => (
            <option key={k} value={k}>
              {refundText.reasons[k]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={refundText.report.amount(currency)}
        hint={refundText.report.amountHint(max)}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={invalid ? true : undefined}
      />
      <div className="space-y-1.5">
        <label htmlFor={commentId} className="block text-sm font-medium text-ink-800">
          {refundText.report.comment}
        </label>
        <textarea
          id={commentId}
          maxLength={1000}
          rows={3}
          className={cn(inputClasses, 'h-auto py-2')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <Alert>{failure}</Alert>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? refundText.report.sending : refundText.report.submit}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(false)}>
          {refundText.report.cancel}
        </Button>
      </div>
    </form>
  );
}
