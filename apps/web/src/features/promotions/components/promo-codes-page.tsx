import { useMemo, useState } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { PROMOTION_STATUSES } from '@openride/shared/promotions/schemas';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError } from '@/components/ui/query-view';
import { useConsoleCity } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { type Backtest, type Promotion, promotionsList, useBacktest, usePromotionStatus } from '../api/promotions';
import { offerOf, when } from './promotion-format';
import { PromotionDetail } from './promotion-detail';
import { PromotionForm } from './promotion-form';

const text = promotionsText;

/**
 * /promo-codes (decisions 0063, 0068): the promotions with their spend, a form for a new one, Edit (the same
 * form), Backtest, Launch and Pause, and a promotion's details (zones by name) and redemptions.
 */
export function PromoCodesPage() {
  const [result, setResult] = useState<{ promotion: Promotion; backtest: Backtest } | null>(null);
  const [shown, setShown] = useState<Promotion | null>(null);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const backtest = useBacktest();
  const status = usePromotionStatus();
  const consoleCity = useConsoleCity().city;

  const columns = useMemo<ColumnDef<Promotion>[]>(
    () => [
      {
        id: 'code',
        header: text.columns.code,
        enableSorting: true,
        cell: ({ row }) => <span className="font-mono font-semibold text-ink-900">{row.original.code}</span>,
      },
      { id: 'city', header: text.columns.city, cell: ({ row }) => row.original.city_name },
      { id: 'offer', header: text.columns.offer, cell: ({ row }) => offerOf(row.original) },
      { id: 'status', header: text.columns.status, cell: ({ row }) => text.statuses[row.original.status] },
      {
        id: 'redemptions',
        header: text.columns.redemptions,
        cell: ({ row: { original: p } }) =>
          `${p.redemptions_applied}${p.redemptions_reserved ? ` + ${p.redemptions_reserved} reserved` : ''}${p.max_redemptions ? ` / ${p.max_redemptions}` : ''}`,
      },
      {
        id: 'spend',
        header: text.columns.spend,
        cell: ({ row: { original: p } }) => `${formatMoney(p.spent_cents, p.currency)}${p.budget_cents ? ` / ${formatMoney(p.budget_cents, p.currency)}` : ''}`,
      },
      { id: 'created_at', header: 'Created', enableSorting: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => when(row.original.created_at) },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: p } }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={`${text.page.backtest} ${p.code}`}
              disabled={backtest.isPending}
              onClick={() => backtest.mutate(p.id, { onSuccess: (b) => setResult({ promotion: p, backtest: b }) })}
            >
              {text.page.backtest}
            </Button>
            {p.status === 'draft' || p.status === 'paused' ? (
              <Button
                size="sm"
                aria-label={`${p.status === 'draft' ? text.page.activate : text.page.resume} ${p.code}`}
                disabled={status.isPending}
                onClick={() => status.mutate({ id: p.id, status: 'active' })}
              >
                {p.status === 'draft' ? text.page.activate : text.page.resume}
              </Button>
            ) : p.status !== 'expired' ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`${text.page.pause} ${p.code}`}
                disabled={status.isPending}
                onClick={() => status.mutate({ id: p.id, status: 'paused' })}
              >
                {text.page.pause}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-label={`${text.edit.action} ${p.code}`}
              onClick={() => {
                setSaved(null);
                setEditing(p);
              }}
            >
              {text.edit.action}
            </Button>
            <Button variant="ghost" size="sm" aria-label={`${text.page.redemptions} ${p.code}`} onClick={() => setShown(p)}>
              {text.page.redemptions}
            </Button>
          </div>
        ),
      },
    ],
    [backtest, status],
  );

  return (
    <PageContainer>
      <PageHeading title={text.page.title} description={text.page.description} />
      <div className="space-y-8">
        {editing ? (
          <PromotionForm
            key={editing.id}
            promotion={editing}
            onDone={(code) => {
              setEditing(null);
              if (code) setSaved(code);
            }}
          />
        ) : null}
        <PromotionForm />
        <div aria-live="polite">
          {saved ? (
            <p role="status" className="text-sm font-medium text-brand-700">
              {text.edit.saved(saved)}
            </p>
          ) : null}
          {backtest.isPending ? <p className="text-sm text-ink-600">{text.page.backtesting}</p> : null}
          <MutationError error={backtest.error} />
          {result && !backtest.isPending ? (
            <section
              aria-label={`${text.page.backtest} ${result.promotion.code}`}
              className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-900"
            >
              <h2 className="font-semibold">
                {text.page.backtest}: {result.promotion.code}
              </h2>
              <p>
                {text.page.backtestResult(
                  result.backtest.rides_qualified,
                  result.backtest.rides_considered,
                  result.backtest.redemptions,
                  formatMoney(result.backtest.cost_cents, result.backtest.currency),
                )}
              </p>
              {result.backtest.limited_by ? <p>{text.page.limitedBy[result.backtest.limited_by]}</p> : null}
            </section>
          ) : null}
          <MutationError error={status.error} />
        </div>
        <DataTable
          label={text.page.list}
          endpoint={promotionsList.endpoint}
          queryKey={promotionsList.queryKey}
          params={{ city: consoleCity ?? undefined }}
          columns={columns}
          getRowId={(p) => p.id}
          defaultSort={promotionsList.defaultSort}
          searchLabel={text.page.search}
          filters={[{ id: 'status', label: text.columns.status, options: PROMOTION_STATUSES.map((s) => ({ value: s, label: text.statuses[s] })) }]}
          empty={text.page.empty}
          loadFailed={text.page.loadFailed}
        />
        {shown ? <PromotionDetail key={shown.id} promotion={shown} onClose={() => setShown(null)} /> : null}
      </div>
    </PageContainer>
  );
}
