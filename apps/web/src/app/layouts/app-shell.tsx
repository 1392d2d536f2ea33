import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { PwaSetup } from '@/features/install/components/pwa-setup';
import { PushBridge } from '@/features/push/components/push-bridge';
import { useMe } from '@/lib/session';

// Only drivers are offered rides: nobody else loads its code (decision 0012).
const OfferElsewhere = lazy(() => import('@/features/rides/components/offer-elsewhere').then((m) => ({ default: m.OfferElsewhere })));

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
    </>
  );
}
