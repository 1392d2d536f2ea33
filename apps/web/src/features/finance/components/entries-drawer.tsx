import { useMemo } from 'react';
import { Link } from 'react-router';
import { financeText } from '@openride/shared/finance/finance-text';
import type { LedgerEntryView } from '@openride/shared/finance/views';
import { ACCOUNT_INFO, type AccountCode } from '@openride/shared/ledger/accounts';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { ledgerEntriesList } from '../api/finance-dashboard';
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
    <Modal
      variant="drawer"
      open={drill !== null}
      onOpenChange={(open) => !open && onClose()}
      title={drill ? text.entriesOf(drill.title) : ''}
      description={drill ? text.entriesSum(formatMoney(drill.valueCents, drill.currency)) : undefined}
      closeLabel={text.close}
    >
      {drill ? <EntriesTable drill={drill} onAdjust={onAdjust} /> : null}
    </Modal>
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
      endpoint={ledgerEntriesList.endpoint}
      queryKey={ledgerEntriesList.queryKey}
      columns={columns}
      getRowId={(e) => e.id}
      defaultSort={ledgerEntriesList.defaultSort}
      params={drill.params}
      empty={t.empty}
      loadFailed={t.loadFailed}
    />
  );
}
