import { defineMachine } from '../machine';
import { DRIVER_STATUSES } from './schemas';

/**
 * Whether a driver takes rides: available or offline. The driver switches it (PATCH /api/drivers/:id),
 * either way and from either status (a repeated switch refreshes the row, as it always has). The system
 * takes a driver offline (a compliance hold, a city change, an account deleted) and so does an admin (a
 * suspension, a rejected application); both set offline whatever the status was, an offline driver's row
 * included (its other changes with it).
 */
export const DRIVER_PRESENCE_MACHINE = defineMachine({
  statuses: DRIVER_STATUSES,
  actors: ['driver', 'system', 'admin'],
  transitions: [
    { from: 'offline', to: 'available', actor: 'driver' },
    { from: 'available', to: 'available', actor: 'driver' },
    { from: 'available', to: 'offline', actor: 'driver' },
    { from: 'offline', to: 'offline', actor: 'driver' },
    { from: 'available', to: 'offline', actor: 'system' },
    { from: 'offline', to: 'offline', actor: 'system' },
    { from: 'available', to: 'offline', actor: 'admin' },
    { from: 'offline', to: 'offline', actor: 'admin' },
  ],
});
