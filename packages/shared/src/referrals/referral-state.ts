import { defineMachine } from '../machine';
import { REFERRAL_STATUSES } from './schemas';

/**
 * A referral's machine (decisions 0064, 0069). At the referee's qualifying ride (`system`) a pending referral
 * expires, is flagged for review, qualifies (nothing to pay) or is rewarded. An admin reviews a flagged one:
 * rejects it, approves it (qualified or rewarded, as at a ride), or clears the flag (pending again, or expired
 * when its time ran out meanwhile).
 */
export const REFERRAL_MACHINE = defineMachine({
  statuses: REFERRAL_STATUSES,
  actors: ['system', 'admin'],
  transitions: [
    { from: 'pending', to: 'expired', actor: 'system' },
    { from: 'pending', to: 'flagged', actor: 'system' },
    { from: 'pending', to: 'qualified', actor: 'system' },
    { from: 'pending', to: 'rewarded', actor: 'system' },
    { from: 'flagged', to: 'rejected', actor: 'admin' },
    { from: 'flagged', to: 'qualified', actor: 'admin' },
    { from: 'flagged', to: 'rewarded', actor: 'admin' },
    { from: 'flagged', to: 'expired', actor: 'admin' },
    { from: 'flagged', to: 'pending', actor: 'admin' },
  ],
});
