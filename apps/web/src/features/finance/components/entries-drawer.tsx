import { useMemo } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { financeText } from '@openride/shared/finance/finance-text';
import type { LedgerEntryView } from '@openride/shared/finance/views';
import { ACCOUNT_INFO, type AccountCode } from '@openride/shared/ledger/accounts';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { financeKeys } from '../api/finance-keys';
import type { AdjustTarget } from './adjustment-dialog';

const text = financeText.dashboard;

/** What the drawer lists: a title, the filters of the entries API, the figure's sign and value. */
export type Drill = { title: string; params: Record<string, string | undefined>; sign: 1 | -1; valueCents: number; currency: string };

const kindLabel = (kind: string) => kind.replace(/[._]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
const accountLabel = (e: LedgerEntryView) => {
  const base = ACCOUNT_INFO[e.account_code as AccountCode]?.label ?? e.account_code;
  return e.owner_id ? `${financeText.accountOwner[e.account_code] ?? e.account_code}: ${e.owner_name ?? e.owner_id.slice(0, 8)}` : base;
};

/**
 * The entries behind a figure (decision 0041), in a drawer over the dashboard: time, transaction, ride,
 * account, line, amount — paged by the listing kit. Amounts read with the figure's sign, so they add up to
 * it. A driver's or rider's entry offers a hand adjustment of that account.
 */
export function EntriesDrawer({ drill, onClose, onAdjust }: { drill: Drill | null; onClose: () => void; onAdjust: (t: AdjustTarget) => void }) {
  return (
    <Dialog.Root open={drill !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/50" />
        {drill ? (
          <Dialog.Content className="fixed inset-y-0 right-0 z-[51] flex w-full max-w-4xl flex-col bg-white shadow-2xl focus:outline-none">
            <div className="flex items-start justify-between gap-3 border-b border-ink-200 p-4 sm:p-5">
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-ink-900">{text.entriesOf(drill.title)}</Dialog.Title>
                <Dialog.Description className="text-sm text-ink-600">{text.entriesSum(formatMoney(drill.valueCents, drill.currency))}</Dialog.Description>
              </div>
              <Dialog.Close asChild>
                <Button variant="ghost" size="sm" aria-label={text.close}>
                  <X className="size-5" aria-hidden="true" />
                </Button>
              </Dialog.Close>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">
              <EntriesTable drill={drill} onAdjust={onAdjust} />
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EntriesTable({ drill, onAdjust }: { drill: Drill; onAdjust: (t: AdjustTarget) => void }) {
  const t = text.entries;
  const columns = useMemo<ColumnDef<LedgerEntryView>[]>(
    () => [
      {
        id: 'created_at',
        header: t.time,
        enableSorting: true,
        meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
        cell: ({ row }) => formatDateTime(row.original.created_at),
      },
      { id: 'kind', header: t.kind, cell: ({ row }) => kindLabel(row.original.kind) },
      {
        id: 'ride',
        header: t.ride,
        cell: ({ row: { original: e } }) =>
          e.ride_id ? (
            <Link to={paths.bookingRide(e.ride_id)} className="font-mono text-brand-800 underline underline-offset-2">
              {e.ride_id.slice(0, 8)}
            </Link>
          ) : (
            '—'
          ),
      },
      { id: 'account', header: t.account, cell: ({ row }) => accountLabel(row.original) },
      { id: 'line', header: t.line, cell: ({ row }) => <span className="font-mono text-xs">{row.original.line}</span> },
      {
        id: 'amount',
        header: t.amount,
        meta: { className: 'text-right tabular-nums whitespace-nowrap' },
        cell: ({ row }) => formatMoney(drill.sign * row.original.amount_cents || 0, row.original.currency),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t.adjust}</span>,
        cell: ({ row: { original: e } }) =>
          e.owner_id && (e.account_code === 'driver' || e.account_code === 'rider_wallet') ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                onAdjust({ party: e.account_code === 'driver' ? 'driver' : 'rider', party_id: e.owner_id!, name: e.owner_name ?? e.owner_id!.slice(0, 8) })
              }
            >
              {t.adjust}
            </Button>
          ) : null,
      },
    ],
    [drill.sign, onAdjust, t],
  );
  return (
    <DataTable
      label={t.label}
      endpoint="/api/admin/ledger/entries"
      queryKey={financeKeys.entries}
      columns={columns}
      getRowId={(e) => e.id}
      defaultSort={{ id: 'created_at', dir: 'desc' }}
      params={drill.params}
      empty={t.empty}
      loadFailed={t.loadFailed}
    />
  );
}
