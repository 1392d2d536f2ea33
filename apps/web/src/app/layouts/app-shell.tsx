import { Outlet, ScrollRestoration } from 'react-router';
import { PwaSetup } from '@/features/install/components/pwa-setup';
import { PushBridge } from '@/features/push/components/push-bridge';

export function AppShell() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <PwaSetup />
      <PushBridge />
    </>
  );
}
