import { useId, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { type CashReceivedForm, type CashReceivedFormInput, cashReceivedFormSchema } from '@openride/shared/payouts/schemas';
import { AGE_BUCKETS } from '@openride/shared/payouts/views';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClasses } from '@/components/ui/field';
import { FormField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/lib/staff';
import { type Collection, exportHref, type PayoutRun, useCollections, usePayoutRuns, useRecordCash, useRunAction } from '../api/payouts';
import { useAdminCities } from '@/lib/admin-cities';
import { useConsoleCity, usePageCity } from '@/lib/console-city';

const text = payoutsText.admin;
type Tab = 'runs' | 'collections';
const TABS = (['runs', 'collections'] as const).map((value) => ({ value, label: text.tabs[value] }));
const errorOf = (error: unknown) => (isApiError(error) && error.message ? error.message : text.actionFailed);
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * /driver-payouts (admins, issue 13, decision 0040): payout runs — previewed on the schedule or now, approved,
 * exported for the bank, marked paid, a failed payout returned to the balance — and Collections: the drivers
 * who owe, by age, with "Record cash received". Every action is the server's, audited there.
 */
export function DriverPayoutsPage() {
  const [tab, setTab] = useState<Tab>('runs');
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      <Tabs label={text.tabsLabel} items={TABS} value={tab} onValueChange={setTab}>
        {(value) => (value === 'runs' ? <RunsPanel /> : <CollectionsPanel />)}
      </Tabs>
    </PageContainer>
  );
}

function RunsPanel() {
  const runs = usePayoutRuns();
  const cities = useAdminCities();
  const action = useRunAction();
  const mayPrepare = useCan('payout.prepare');
  const [cityId, setCity] = usePageCity(cities.data?.[0]?.id ?? '');
  const consoleCity = useConsoleCity().city;
  const field = useId();
  const preview = () =>
    action.mutate(
      { kind: 'create', city_id: cityId },
      { onSuccess: () => toast({ title: text.previewed }), onError: (e) => toast({ title: errorOf(e), variant: 'destructive' }) },
    );
  // The console's city narrows the runs to its own (each run is one city's, in its currency).
  const visible = (runs.data ?? []).filter((r) => r.status !== 'discarded' && (consoleCity === null || r.city_id === consoleCity));
  return (
    <div className="space-y-6">
      {mayPrepare ? (
        <div className="flex flex-wrap items-end gap-3">
          {(cities.data?.length ?? 0) > 1 ? (
            <div className="min-w-40 space-y-1">
              <label htmlFor={field} className="block text-xs font-semibold text-ink-600">
                {text.city}
              </label>
              <select id={field} className={cn(inputClasses, 'h-10 text-sm')} value={cityId} onChange={(e) => setCity(e.target.value)}>
                {cities.data!.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button onClick={preview} disabled={!cityId || action.isPending}>
            {action.isPending && action.variables?.kind === 'create' ? text.previewing : text.previewNow}
          </Button>
        </div>
      ) : null}
      <QueryView query={runs} loadFailed={text.runsFailed} isEmpty={() => visible.length === 0} empty={text.noRuns}>
        {(_runs) => (
          <ul className="space-y-6">
            {visible.map((run) => (
              <li key={run.id}>
                <RunCard run={run} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

type Pending = { kind: 'approve' } | { kind: 'paid' } | { kind: 'fail'; itemId: string; name: string; amount: number } | null;

function RunCard({ run }: { run: PayoutRun }) {
  const action = useRunAction();
  const [asking, setAsking] = useState<Pending>(null);
  const mayApprove = useCan('payout.approve');
  const maySettle = useCan('payout.settle');
  const money = (cents: number) => formatMoney(cents, run.currency);
  const headingId = useId();
  const counted = run.items.filter((i) => i.status === 'preview' || i.status === 'pending' || i.status === 'paid');
  const hasPending = run.items.some((i) => i.status === 'pending');
  const done = (title: string) => ({
    onSuccess: () => {
      setAsking(null);
      toast({ title });
    },
    onError: (e: unknown) => {
      setAsking(null);
      toast({ title: errorOf(e), variant: 'destructive' as const });
    },
  });
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-3xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-ink-900">
            {text.runTitle(run.city_name, run.scheduled_for ? text.scheduled(run.scheduled_for) : text.onDemand(run.created_by_name))}
          </h2>
          <p className="text-sm text-ink-600">
            <span className="font-semibold text-ink-800">{text.status[run.status]}</span> · {text.total(money(run.total_cents), counted.length)} ·{' '}
            {dateTime(run.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {run.status === 'preview' && run.items.length > 0 && mayApprove ? (
            <Button onClick={() => setAsking({ kind: 'approve' })}>{text.approve}</Button>
          ) : null}
          {run.status === 'approved' || run.status === 'closed' ? (
            <a href={exportHref(run.id)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <Download className="size-4" aria-hidden="true" />
              {text.exportCsv}
            </a>
          ) : null}
          {hasPending && maySettle ? (
            <Button size="sm" onClick={() => setAsking({ kind: 'paid' })}>
              {text.markPaid}
            </Button>
          ) : null}
        </div>
      </header>
      {run.items.length === 0 ? (
        <p className="text-sm text-ink-600">{text.noItems}</p>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
          {run.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-ink-900">{i.driver_name}</p>
                <p className="break-all text-ink-600">
                  {text.itemStatus[i.status]} · {i.reference}
                  {i.bank_reference ? ` · ${i.bank_reference}` : ''}
                  {i.failure_reason ? ` · ${i.failure_reason}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold text-ink-900 tabular-nums">{money(i.amount_cents)}</span>
                {(i.status === 'pending' || i.status === 'paid') && maySettle ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={text.failLabel(i.driver_name)}
                    onClick={() => setAsking({ kind: 'fail', itemId: i.id, name: i.driver_name, amount: i.amount_cents })}
                  >
                    {text.fail}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking?.kind === 'approve'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={text.approveTitle}
        description={text.approveText(money(run.total_cents))}
        confirmLabel={text.approve}
        busy={action.isPending}
        onConfirm={() => action.mutate({ kind: 'approve', id: run.id }, done(text.approved))}
      />
      <ConfirmDialog
        open={asking?.kind === 'paid'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={text.markPaidTitle}
        description={text.markPaidText}
        confirmLabel={text.markPaid}
        reason={{ label: text.bankReference, requiredMessage: text.bankReferenceRequired, maxLength: 100 }}
        busy={action.isPending}
        onConfirm={(reference) => action.mutate({ kind: 'paid', id: run.id, reference: reference ?? '' }, done(text.paid))}
      />
      <ConfirmDialog
        open={asking?.kind === 'fail'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.kind === 'fail' ? text.failTitle(asking.name) : ''}
        description={asking?.kind === 'fail' ? text.failText(money(asking.amount)) : ''}
        confirmLabel={text.fail}
        variant="destructive"
        reason={{ label: text.failReason, requiredMessage: text.failReasonRequired }}
        busy={action.isPending}
        onConfirm={(reason) => asking?.kind === 'fail' && action.mutate({ kind: 'fail', itemId: asking.itemId, reason: reason ?? '' }, done(text.failed))}
      />
    </article>
  );
}

function CollectionsPanel() {
  const collections = useCollections();
  return (
    <QueryView query={collections} loadFailed={text.collectionsFailed} isEmpty={(d) => d.length === 0} empty={text.noCollections}>
      {(list) => (
        <ul className="grid gap-4 lg:grid-cols-2">
          {list.map((c) => (
            <li key={c.driver_id}>
              <CollectionCard c={c} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function CollectionCard({ c }: { c: Collection }) {
  const money = (cents: number) => formatMoney(cents, c.currency);
  const [open, setOpen] = useState(false);
  const mayRecord = useCan('payout.settle');
  const headingId = useId();
  const s = c.standing;
  const rule = s.blocked ? text.blocked(dateTime(s.over_limit_since!)) : s.settle_by ? text.overLimit(dateTime(s.settle_by)) : text.withinLimit;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-3xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-ink-900">
            {c.driver_name}
          </h2>
          <p className="text-xl font-bold text-ink-900">{text.owes(money(c.owed_cents))}</p>
          <p className={cn('text-sm', s.blocked ? 'font-semibold text-red-700' : s.settle_by ? 'text-amber-700' : 'text-ink-600')}>{rule}</p>
        </div>
        {mayRecord ? (
          <Button onClick={() => setOpen(true)} aria-label={text.recordCashLabel(c.driver_name)}>
            {text.recordCash}
          </Button>
        ) : null}
      </header>
      <dl aria-label={text.agingLabel} className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {AGE_BUCKETS.map((b) => (
          <div key={b} className="rounded-xl bg-ink-50 p-2">
            <dt className="text-xs text-ink-600">{text.aging[b]}</dt>
            <dd className="font-semibold text-ink-900 tabular-nums">{money(c.aging[b])}</dd>
          </div>
        ))}
      </dl>
      <CashDialog c={c} open={open} onOpenChange={setOpen} />
    </article>
  );
}

/** "Record cash received": the amount (in the driver's city's currency) and the receipt's reference; one request id per opening, so a double submit posts once. */
function CashDialog({ c, open, onOpenChange }: { c: Collection; open: boolean; onOpenChange: (open: boolean) => void }) {
  const record = useRecordCash();
  const money = (cents: number) => formatMoney(cents, c.currency);
  const schema = useMemo(() => cashReceivedFormSchema(c.currency), [c.currency]);
  const submit = async (values: CashReceivedForm, requestId: string) => {
    const amount = values.amount;
    await record.mutateAsync({ driverId: c.driver_id, input: { amount_cents: amount, reference: values.reference, request_id: requestId } });
    toast({ title: text.recorded(money(amount), c.driver_name) });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text.cashTitle(c.driver_name)}
      description={text.cashText(money(c.owed_cents))}
      schema={schema}
      defaultValues={{ amount: '', reference: '' } satisfies CashReceivedFormInput}
      onSubmit={(values, opening) => submit(values, opening.key)}
      submitLabel={text.save}
      pendingLabel={text.saving}
      cancelLabel={text.cancel}
      errorFallback={text.actionFailed}
    >
      <FormField name="amount" label={text.cashAmount} hint={text.cashAmountHint(c.currency)} inputMode="decimal" autoComplete="off" />
      <FormField name="reference" label={text.cashReference} autoComplete="off" />
    </FormDialog>
  );
}
