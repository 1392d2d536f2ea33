import { Link } from 'react-router';
import { CalendarCheck, CalendarX, ChartColumn, ChevronRight, Gauge, Hexagon, IdCard, Users } from 'lucide-react';
import { adminText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/staff';
import { AuditLogTable } from './audit-log-table';
import { UsersTable } from './users-table';

const managementLinks = [
  { to: paths.driverManagement, label: uiText.pages.driverManagement.title, text: uiText.pages.driverManagement.text, Icon: IdCard },
  { to: paths.customerManagement, label: uiText.pages.customerManagement.title, text: uiText.pages.customerManagement.text, Icon: Users },
  { to: paths.bookingManagement, label: uiText.pages.bookingManagement.title, text: uiText.pages.bookingManagement.text, Icon: CalendarCheck },
  { to: paths.cancellationPolicies, label: uiText.pages.cancellationPolicies.title, text: uiText.pages.cancellationPolicies.text, Icon: CalendarX },
  { to: paths.analytics, label: uiText.pages.analytics.title, text: uiText.pages.analytics.text, Icon: ChartColumn },
  { to: paths.driverAdminDashboard, label: uiText.pages.driverAdminDashboard.title, text: uiText.pages.driverAdminDashboard.text, Icon: Gauge },
  { to: paths.driverHeatmap, label: uiText.pages.driverHeatmap.title, text: uiText.pages.driverHeatmap.text, Icon: Hexagon },
] as const;

/**
 * The console's home at its hidden path (every staff member: `console.open`): the management pages the member's
 * role may open (`mayOpen`, the console's table, given by the route), the users (`user.read`) and the audit log
 * (`audit.read`), each only for a role that may read it (decision 0089).
 */
export function AdminPanel({ mayOpen }: { mayOpen: (to: string) => boolean }) {
  const users = useCan('user.read');
  const audit = useCan('audit.read');
  const links = managementLinks.filter((link) => mayOpen(link.to));
  return (
    <PageContainer>
      <PageHeading title={uiText.admin.title} />

      {links.length ? (
        <nav aria-label={uiText.admin.manage} className="mb-10 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {links.map(({ to, label, text, Icon }) => (
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
      ) : null}

      {users ? (
        <section aria-labelledby="admin-users" className="mb-12">
          <h2 id="admin-users" className="mb-4 text-xl font-semibold text-ink-900">
            {uiText.admin.users}
          </h2>
          <UsersTable />
        </section>
      ) : null}

      {audit ? (
        <section aria-labelledby="admin-audit-log">
          <h2 id="admin-audit-log" className="text-xl font-semibold text-ink-900">
            {adminText.audit.title}
          </h2>
          <p className="mb-4 text-sm text-ink-600">{adminText.audit.description}</p>
          <AuditLogTable />
        </section>
      ) : null}
    </PageContainer>
  );
}
