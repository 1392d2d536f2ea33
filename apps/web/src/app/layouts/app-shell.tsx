import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { PwaSetup } from '@/features/install/components/pwa-setup';
import { PushBridge } from '@/features/push/components/push-bridge';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';

// Only drivers are offered rides: nobody else loads its code (decision 0012).
const OfferElsewhere = lazy(() => import('@/features/rides/components/offer-elsewhere').then((m) => ({ default: m.OfferElsewhere })));

// Only staff who handle SOS hear its alerts (decisions 0061, 0089): nobody else loads their code, map or alarm.
const SosAlerts = lazy(() => import('@/features/safety/components/sos-alerts'));

function AdminSosAlerts() {
  const handlesSos = useCan('sos.handle');
  return handlesSos ? (
    <Suspense fallback={null}>
      <SosAlerts />
    </Suspense>
  ) : null;
}

function DriverOffers() {
  const isDriver = useMe().data?.role === 'driver';
  return isDriver ? (
    <Suspense fallback={null}>
      <OfferElsewhere />
    </Suspense>
  ) : null;
}

export function AppShell() {
  return (
    <>
      <Outlet />
      <OfflineNotice />
      <ScrollRestoration />
      <PwaSetup />
      <PushBridge />
      <DriverOffers />
      <AdminSosAlerts />
    </>
  );
}
