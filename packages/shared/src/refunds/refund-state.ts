import { defineMachine } from '../machine';

/**
 * A refund request's states (decision 0039): open until an admin decides it — approved (money back the way
 * the rider paid), credited (wallet credit) or rejected (with a reason). A decision is final.
 */
export const REFUND_STATUSES = ['open', 'approved', 'credited', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_MACHINE = defineMachine({
  statuses: REFUND_STATUSES,
  actors: ['admin'],
  transitions: [
    { from: 'open', to: 'approved', actor: 'admin' },
    { from: 'open', to: 'credited', actor: 'admin' },
    { from: 'open', to: 'rejected', actor: 'admin' },
  ],
});
