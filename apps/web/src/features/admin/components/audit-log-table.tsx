import { useMemo } from 'react';
import { Link } from 'react-router';
import { adminText, auditActionLabels } from '@openride/shared/admin/admin-text';
import { AUDIT_ACTIONS } from '@openride/shared/admin/audit';
import { type ColumnDef, DataTable, type TableFilter } from '@/components/ui/data-table';
import { useAdmins } from '../api/get-admin-users';
import { type AuditEntry, auditLogList } from '../api/get-audit-log';
import { useConsoleCity } from '@/lib/console-city';
import { formatDateTime } from '@/lib/format';

const text = adminText.audit;

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The fields that changed, as "field: before → after"; unchanged fields are left out. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const was = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
  if (!fields.length) return <span>—</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map((field) => (
        <li key={field}>
          <span className="text-ink-500">{field.replaceAll('_', ' ')}:</span> {show(was[field])} →{' '}
          <span className="font-medium text-ink-900">{show(now[field])}</span>
        </li>
      ))}
    </ul>
  );
}

const columns: ColumnDef<AuditEntry>[] = [
  {
    id: 'created_at',
    header: text.columns.when,
    enableSorting: true,
    meta: { className: 'whitespace-nowrap', firstDir: 'desc' },
    cell: ({ row }) => <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at)}</time>,
  },
  {
    id: 'admin',
    header: text.columns.admin,
    cell: ({ row: { original: e } }) => (
      <div>
        <p className="font-medium text-ink-900">{e.actor_name ?? e.actor_id}</p>
        {e.actor_email ? <p className="text-xs whitespace-nowrap">{e.actor_email}</p> : null}
      </div>
    ),
  },
  {
    id: 'action',
    header: text.columns.action,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <span className="rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-800">
        {auditActionLabels[row.original.action] ?? row.original.action}
      </span>
    ),
  },
  {
    id: 'entity',
    header: text.columns.entity,
    // What was acted on, named by the server (a driver's name, a ride's short id, a promo code…) with a link to it.
    cell: ({ row: { original: e } }) => (
      <div>
        <p className="text-xs text-ink-600">{e.target.kind}</p>
        {e.target.href ? (
          <Link to={e.target.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {e.target.label}
          </Link>
        ) : (
          <p className="font-medium text-ink-900">{e.target.label}</p>
        )}
      </div>
    ),
  },
  {
    id: 'change',
    header: text.columns.change,
    meta: { className: 'min-w-56' },
    cell: ({ row }) => <Change before={row.original.before} after={row.original.after} />,
  },
  { id: 'reason', header: text.columns.reason, meta: { className: 'min-w-40' }, cell: ({ row }) => row.original.reason ?? '—' },
];

/**
 * The admin panel's Audit log: every admin change, newest first, filterable by admin and by kind; the entries
 * of the console's city and those of no city (decision 0091).
 */
export function AuditLogTable() {
  const admins = useAdmins();
  const { city } = useConsoleCity();
  const filters = useMemo<TableFilter[]>(
    () => [
      { id: 'actor_id', label: text.admin, options: (admins.data ?? []).map((a) => ({ value: a.id, label: a.name || a.email })) },
      { id: 'action', label: text.kind, options: AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabels[action] })) },
    ],
    [admins.data],
  );
  return (
    <DataTable
      label={text.title}
      endpoint={auditLogList.endpoint}
      queryKey={auditLogList.queryKey}
      columns={columns}
      getRowId={(entry) => entry.id}
      defaultSort={auditLogList.defaultSort}
      params={{ city: city ?? undefined }}
      searchLabel={text.search}
      filters={filters}
      empty={text.empty}
      loadFailed={text.loadFailed}
    />
  );
}
