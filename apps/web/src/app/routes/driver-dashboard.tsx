import { OwnStatusCard } from '@/features/drivers/components/own-status-card';
import { DriverDashboardPage } from '@/features/dashboard/components/driver-dashboard-page';
import { NextShiftCard } from '@/features/schedule/components/next-shift-card';

/**
 * The driver's own dashboard (decision 0050): not a route of the table — hidden-path.tsx renders it, in its own
 * lazy chunk, only at the path GET /api/me told an approved driver. It composes the dashboard feature with the
 * drivers feature's online switch and the schedule feature's next shift.
 */
export function DriverDashboard() {
  return <DriverDashboardPage onlineSwitch={<OwnStatusCard />} nextShift={<NextShiftCard />} />;
}
