import { lazy, Suspense } from 'react';
import { sosText } from '@openride/shared/safety/sos-text';
import { useOpenSos } from '../api/admin-sos';

const text = sosText.admin;

// The alerts' map, dialog and alarm load only when an alert is open (issue 27, point 17).
const SosAlertPanel = lazy(() => import('./sos-alert-panel'));

/**
 * The operators' live SOS alerts (decision 0061), over every page an admin opens: polls the open alerts and,
 * when there is one, shows `SosAlertPanel`. Loaded in its own chunk, for admins only (AppShell).
 */
export default function SosAlerts() {
  const open = useOpenSos();
  const alerts = open.data?.alerts ?? [];

  if (alerts.length === 0) {
    return open.isError && !open.data ? (
      <p role="status" className="sr-only">
        {text.loadFailed}
      </p>
    ) : null;
  }
  return (
    <Suspense fallback={null}>
      <SosAlertPanel alerts={alerts} />
    </Suspense>
  );
}
