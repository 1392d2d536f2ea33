import { defineMachine } from '../machine';
import { VEHICLE_STATUSES } from './schemas';

/**
 * A vehicle's verification (decisions 0046, 0048). The driver's edit or photo change sends it back to
 * review (pending) whatever it was, a pending one included (its review stamps reset). An admin verifies or
 * rejects a pending vehicle; the driver application's review decides the active vehicle with it, and its
 * approval also verifies one rejected by an earlier rejection.
 */
export const VEHICLE_MACHINE = defineMachine({
  statuses: VEHICLE_STATUSES,
  actors: ['driver', 'admin'],
  transitions: [
    { from: 'pending', to: 'pending', actor: 'driver' },
    { from: 'verified', to: 'pending', actor: 'driver' },
    { from: 'rejected', to: 'pending', actor: 'driver' },
    { from: 'pending', to: 'verified', actor: 'admin' },
    { from: 'rejected', to: 'verified', actor: 'admin' },
    { from: 'pending', to: 'rejected', actor: 'admin' },
  ],
});
