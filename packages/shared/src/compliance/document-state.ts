import { defineMachine } from '../machine';
import { DOCUMENT_STATUSES, POLICY_STATUSES } from './schemas';

/**
 * A driver document's machine. The driver's new upload of a kind supersedes the one of that kind still in
 * review; an admin approves or rejects a document in review, and approving one supersedes the kind's
 * previous approved document.
 */
export const DOCUMENT_MACHINE = defineMachine({
  statuses: DOCUMENT_STATUSES,
  actors: ['driver', 'admin'],
  transitions: [
    { from: 'in_review', to: 'superseded', actor: 'driver' },
    { from: 'in_review', to: 'approved', actor: 'admin' },
    { from: 'in_review', to: 'rejected', actor: 'admin' },
    { from: 'approved', to: 'superseded', actor: 'admin' },
  ],
});

/**
 * An insurance policy's machine, like a document's: the driver's new policy for a vehicle supersedes the
 * one still in review; an admin verifies or rejects one in review (verifying supersedes the vehicle's
 * previous verified policy) and may revoke a verified one (rejected, with the reason).
 */
export const POLICY_MACHINE = defineMachine({
  statuses: POLICY_STATUSES,
  actors: ['driver', 'admin'],
  transitions: [
    { from: 'in_review', to: 'superseded', actor: 'driver' },
    { from: 'in_review', to: 'verified', actor: 'admin' },
    { from: 'in_review', to: 'rejected', actor: 'admin' },
    { from: 'verified', to: 'superseded', actor: 'admin' },
    { from: 'verified', to: 'rejected', actor: 'admin' },
  ],
});
