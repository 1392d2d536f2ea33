import { Link, useParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import { statementCsvHref, useStatement } from '../api/payouts';

const text = payoutsText.statement;

/** One weekly statement, laid out to print (the buttons and the site's chrome are left off the paper). */
export function StatementPage() {
  const week = useParams().week ?? '';
  const statement = useStatement(week);
  const title = text.title(payoutsText.earnings.week(week, week));
  return (
    <PageContainer>
      <QueryView
        query={statement}
        loadFailed={(error) => error.message || text.loadFailed}
        errorView={(_error, failed) => (
          <>
            <PageHeading title={title} />
            {failed}
          </>
        )}
      >
        {(data) => <StatementBody data={data} />}
      </QueryView>
    </PageContainer>
  );
}

function StatementBody({ data }: { data: NonNullable<ReturnType<typeof useStatement>['data']> }) {
  const s = data.statement;
  const money = (cents: number) => formatMoney(cents, s.currency);
  const balance = (cents: number) => text.balanceWords(cents, money);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: data.city.timezone,
    }).format(new Date(iso));
  const rows: Array<[string, string]> = [
    [text.rows.opening, balance(s.opening_cents)],
    [text.rows.fares, money(s.fares_cents)],
    [text.rows.commission, `−${money(s.commission_cents)}`],
    [text.rows.tips, money(s.tips_cents)],
    [text.rows.fees, money(s.fees_cents)],
    [text.rows.cash_collected, `−${money(s.cash_collected_cents)}`],
    [text.rows.cash_paid, money(s.cash_paid_cents)],
    [text.rows.adjustments, money(s.adjustments_cents)],
    [text.rows.payouts, `−${money(s.payouts_cents)}`],
    [text.rows.closing, balance(s.closing_cents)],
  ];
  return (
    <>
      <PageHeading title={text.title(payoutsText.earnings.week(s.week_start, s.week_end))} description={`${data.driver.name} · ${data.city.name}`}>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Link to="/driver-earnings" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {text.back}
          </Link>
          <a href={statementCsvHref(s.week_start)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Download className="size-4" aria-hidden="true" />
            {payoutsText.earnings.csv}
          </a>
          <Button size="sm" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            {text.print}
          </Button>
        </div>
      </PageHeading>
      <dl className="grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-2 rounded-2xl border border-ink-200 bg-white p-4 text-sm">
        {rows.map(([label, value], i) => (
          <div key={label} className={i === 0 || i === rows.length - 1 ? 'contents font-semibold' : 'contents'}>
            <dt className="text-ink-700">{label}</dt>
            <dd className="text-right text-ink-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="lines-title" className="mt-8 space-y-3">
        <h2 id="lines-title" className="text-lg font-semibold text-ink-900">
          {text.linesTitle}
        </h2>
        <p className="text-sm text-ink-600">{text.linesIntro}</p>
        {data.lines.length === 0 ? (
          <QueryEmpty>{text.noLines}</QueryEmpty>
        ) : (
          <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white text-sm">
            {data.lines.map((l, i) => (
              <li key={`${l.at}-${i}`} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                <span className="min-w-0">
                  <span className="block font-medium text-ink-900">{l.description}</span>
                  <span className="text-ink-600">{when(l.at)}</span>
                </span>
                <span className="text-right tabular-nums">
                  <span className="block text-ink-900">{l.amount_cents > 0 ? `−${money(l.amount_cents)}` : `+${money(-l.amount_cents)}`}</span>
                  <span className="text-ink-600">{balance(l.balance_cents)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
