import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { PwaSetup } from '@/features/install/components/pwa-setup';
import { PushBridge } from '@/features/push/components/push-bridge';
import { useMe } from '@/lib/session';

// Only drivers are offered rides: nobody else loads its code (decision 0012).
const OfferElsewhere = lazy(() => import('@/features/rides/components/offer-elsewhere').then((m) => ({ default: m.OfferElsewhere })));

// Only admins hear SOS alerts: nobody else loads their code, map or alarm (decision 0061).
const SosAlerts = lazy(() => import('@/features/safety/components/sos-alerts'));

function AdminSosAlerts() {
  const isAdmin = useMe().data?.isAdmin === true;
  return isAdmin ? (
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
