import { useEffect } from 'react';
import { registerServiceWorker } from '../register-service-worker';

/** Registers the service worker once the app is up (see register-service-worker.ts). */
export function PwaSetup() {
  useEffect(() => registerServiceWorker(), []);
  return null;
}
