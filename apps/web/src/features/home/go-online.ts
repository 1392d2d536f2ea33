import { paths } from '../../config/paths';

/**
 * §2 'Go Online - Driver', as a pure decision (unit-tested):
 * - not signed in                      → /auth?returnTo=/driver-active
 * - no driver role or no driver record → /driver
 * - driver record not approved         → the 'Application Pending' toast, stay
 * - approved                           → /driver-active
 */
export type GoOnlineDecision = { kind: 'navigate'; to: string } | { kind: 'pending'; status: string };

export function decideGoOnline(me: { roles: readonly string[] } | null, driver: { verification_status: string } | null): GoOnlineDecision {
  if (!me) return { kind: 'navigate', to: paths.authReturnTo(paths.driverActive) };
  if (!me.roles.includes('driver') || !driver) return { kind: 'navigate', to: paths.driver };
  if (driver.verification_status !== 'approved') return { kind: 'pending', status: driver.verification_status };
  return { kind: 'navigate', to: paths.driverActive };
}
