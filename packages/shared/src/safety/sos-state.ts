import { defineMachine } from '../machine';
import { SOS_STATUSES } from './sos-schemas';

/** An SOS alert's machine (decision 0061): open until an operator (an admin) resolves it with a note. */
export const SOS_MACHINE = defineMachine({
  statuses: SOS_STATUSES,
  actors: ['admin'],
  transitions: [{ from: 'open', to: 'resolved', actor: 'admin' }],
});
