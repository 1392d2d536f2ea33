import { useMemo } from 'react';
import { Link } from 'react-router';
import { TICKET_AGES, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { type AdminTicket, supportTicketsList } from '../api/admin-tickets';
import { formatWhen, PriorityChip, StatusChip } from './ticket-bits';

const text = supportText.admin;

/**
 * The admins' queue at /support-tickets: soonest due first, overdue in red, filters by the kit's selects; the
 * console's city keeps the tickets about its rides and those about no ride (decision 0091).
 */
export function AdminSupportQueue() {
  const { city } = useConsoleCity();
  const columns = useMemo<ColumnDef<AdminTicket>[]>(
    () => [
      {
        id: 'sla_due_at',
        header: text.due,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row: { original: t } }) => (
          <span className={cn(t.overdue && 'font-semibold text-red-700')}>
            {t.overdue ? <span className="mr-1 rounded bg-red-600 px-1.5 py-0.5 text-xs text-white">{text.overdue}</span> : null}
            <time dateTime={t.sla_due_at}>{formatWhen(t.sla_due_at)}</time>
          </span>
        ),
      },
      {
        id: 'ticket',
        header: 'Ticket',
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: t } }) => (
          <div>
            <p className="font-semibold text-ink-900">
              {t.number} · {supportText.categories[t.category]}
            </p>
            <p className="line-clamp-2 break-words text-ink-700">{t.subject}</p>
          </div>
        ),
      },
      { id: 'priority', header: text.priority, cell: ({ row }) => <PriorityChip priority={row.original.priority} /> },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusChip status={row.original.status} admin /> },
      {
        id: 'requester',
        header: text.requester,
        cell: ({ row: { original: t } }) => (
          <div className="min-w-36">
            <p className="text-ink-900">{t.requester_name}</p>
            <p className="text-xs break-all text-ink-500">{t.visitor ? text.visitor : t.requester_email}</p>
          </div>
        ),
      },
      { id: 'assignee', header: text.assignee, cell: ({ row }) => row.original.assignee_name ?? <span className="text-ink-500">{text.unassigned}</span> },
      {
        id: 'created_at',
        header: 'Opened',
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => formatWhen(row.original.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Open</span>,
        cell: ({ row: { original: t } }) => (
          <Link
            to={`/support-tickets?ticket=${encodeURIComponent(t.id)}`}
            aria-label={`Open ${t.number}`}
            className={buttonClasses({ variant: t.overdue ? 'primary' : 'outline', size: 'sm' })}
          >
            Open
          </Link>
        ),
      },
    ],
    [],
  );
  return (
    <PageContainer>
      <PageHeading title={supportText.page.adminTitle} description={supportText.page.adminDescription} />
      <DataTable
        label={text.queue}
        endpoint={supportTicketsList.endpoint}
        queryKey={supportTicketsList.queryKey}
        params={{ city: city ?? undefined }}
        columns={columns}
        getRowId={(t) => t.id}
        defaultSort={supportTicketsList.defaultSort}
        searchLabel={text.search}
        filters={[
          { id: 'status', label: 'Status', options: TICKET_STATUSES.map((s) => ({ value: s, label: supportText.adminStatuses[s] })) },
          { id: 'category', label: 'Category', options: TICKET_CATEGORIES.map((c) => ({ value: c, label: supportText.categories[c] })) },
          { id: 'priority', label: text.priority, options: TICKET_PRIORITIES.map((p) => ({ value: p, label: supportText.priorities[p] })) },
          {
            id: 'assignee',
            label: text.assignee,
            options: [
              { value: 'me', label: text.me },
              { value: 'unassigned', label: text.unassigned },
            ],
          },
          { id: 'age', label: 'Age', options: TICKET_AGES.map((a) => ({ value: a, label: text.ages[a] })) },
          { id: 'overdue', label: text.overdue, options: [{ value: 'yes', label: text.overdue }] },
        ]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
    </PageContainer>
  );
}
