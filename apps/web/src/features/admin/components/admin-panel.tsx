import { Link } from 'react-router';
import { CalendarCheck, ChevronRight, IdCard, Users } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useAdminUsers } from '../api/get-admin-users';

const managementLinks = [
  { to: paths.driverManagement, label: uiText.pages.driverManagement.title, text: uiText.pages.driverManagement.text, Icon: IdCard },
  { to: paths.customerManagement, label: uiText.pages.customerManagement.title, text: uiText.pages.customerManagement.text, Icon: Users },
  { to: paths.bookingManagement, label: uiText.pages.bookingManagement.title, text: uiText.pages.bookingManagement.text, Icon: CalendarCheck },
] as const;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

const roleStyles: Record<string, string> = {
  admin: 'bg-ink-900 text-white',
  driver: 'bg-brand-100 text-brand-700',
};

export function AdminPanel() {
  const users = useAdminUsers();

  return (
    <PageContainer>
      <PageHeading title={uiText.admin.title} />

      <nav aria-label={uiText.admin.manage} className="mb-10 grid gap-3 sm:grid-cols-3">
        {managementLinks.map(({ to, label, text, Icon }) => (
          <Link
            key={to}
            to={to}
            className="group flex items-center gap-3 rounded-2xl border border-ink-200 bg-white p-4 transition-colors hover:border-brand-500 hover:bg-brand-50/40"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-100 text-ink-700 group-hover:bg-brand-100 group-hover:text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-ink-900">{label}</span>
              <span className="block truncate text-sm text-ink-500">{text}</span>
            </span>
            <ChevronRight className="size-4 text-ink-400" aria-hidden="true" />
          </Link>
        ))}
      </nav>

      <div>
        <h2 id="admin-users" className="mb-4 text-xl font-semibold text-ink-900">
          {uiText.admin.users}
          {users.data ? <span className="ml-2 text-sm font-medium text-ink-500">({users.data.length})</span> : null}
        </h2>
        {users.isPending ? (
          <LoadingScreen className="min-h-40" />
        ) : users.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
            {uiText.admin.usersLoadFailed}
          </p>
        ) : users.data.length === 0 ? (
          <p className="text-ink-600">{uiText.admin.usersEmpty}</p>
        ) : (
          // Wide table scrolls sideways on phones instead of squeezing the columns.
          <div className="overflow-x-auto rounded-2xl border border-ink-200" tabIndex={0} role="region" aria-labelledby="admin-users">
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead className="bg-ink-50 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{uiText.admin.columns.name}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{uiText.admin.columns.email}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{uiText.admin.columns.roles}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{uiText.admin.columns.created}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100 bg-white">
                {users.data.map((user) => (
                  <tr key={user.id}>
                    <td className="px-4 py-3 font-medium text-ink-900">{user.name || '—'}</td>
                    <td className="px-4 py-3 text-ink-700">{user.email}</td>
                    <td className="px-4 py-3">
                      <span className="flex flex-wrap gap-1">
                        {(user.roles.length ? user.roles : ['user']).map((role) => (
                          <span key={role} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', roleStyles[role] ?? 'bg-ink-100 text-ink-700')}>
                            {role}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-ink-600">
                      <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </PageContainer>
  );
}
