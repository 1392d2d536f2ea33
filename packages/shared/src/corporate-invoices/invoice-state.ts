import { defineMachine } from '../machine';
import { INVOICE_STATUSES } from './schemas';

/** A corporate invoice's machine (decision 0072): issued, then marked paid by an admin when the company's payment arrives. */
export const INVOICE_MACHINE = defineMachine({
  statuses: INVOICE_STATUSES,
  actors: ['admin'],
  transitions: [{ from: 'issued', to: 'paid', actor: 'admin' }],
});
