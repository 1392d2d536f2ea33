import { Outlet, ScrollRestoration } from 'react-router';
import { PwaSetup } from '@/features/install/components/pwa-setup';
import { PushBridge } from '@/features/push/components/push-bridge';
import { OfferElsewhere } from '@/features/driver-rides/components/offer-elsewhere';

export function AppShell() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <PwaSetup />
      <PushBridge />
      <OfferElsewhere />
    </>
  );
}
