import { adminText } from '@openride/shared/admin/admin-text';
import { ADMIN_USER_ROLES } from '@openride/shared/admin/users';
import { uiText } from '@openride/shared/ui-text';
import { type ColumnDef, DataTable, type TableFilter } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { type AdminUser, adminUsersList } from '../api/get-admin-users';
import { formatDate } from '@/lib/format';

const columnsText = uiText.admin.columns;

const roleStyles: Record<string, string> = {
  admin: 'bg-ink-900 text-white',
  driver: 'bg-brand-100 text-brand-800',
};

const columns: ColumnDef<AdminUser>[] = [
  {
    id: 'name',
    header: columnsText.name,
    enableSorting: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <span className="font-medium text-ink-900">{row.original.name || '—'}</span>,
  },
  { id: 'email', header: columnsText.email, enableSorting: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => row.original.email },
  {
    id: 'roles',
    header: columnsText.roles,
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {(row.original.roles.length ? row.original.roles : ['user']).map((role) => (
          <span key={role} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', roleStyles[role] ?? 'bg-ink-100 text-ink-700')}>
            {role}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'created_at',
    header: columnsText.created,
    enableSorting: true,
    meta: { className: 'whitespace-nowrap', firstDir: 'desc' },
    cell: ({ row }) => <time dateTime={row.original.created_at}>{formatDate(row.original.created_at)}</time>,
  },
];

const filters: TableFilter[] = [
  { id: 'role', label: adminText.users.role, options: ADMIN_USER_ROLES.map((role) => ({ value: role, label: adminText.users.roles[role] })) },
];

/** Every account, newest first: search by name or email, filter by role, export. */
export function UsersTable() {
  return (
    <DataTable
      label={uiText.admin.users}
      endpoint={adminUsersList.endpoint}
      queryKey={adminUsersList.queryKey}
      columns={columns}
      getRowId={(user) => user.id}
      defaultSort={adminUsersList.defaultSort}
      searchLabel={adminText.users.search}
      filters={filters}
      empty={uiText.admin.usersEmpty}
      loadFailed={uiText.admin.usersLoadFailed}
    />
  );
}
