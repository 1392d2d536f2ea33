import { defineMachine } from '../machine';

/** The statuses a promotion row stores (PROMOTION_STATUSES adds the ones a view derives: exhausted, expired). */
export const STORED_PROMOTION_STATUSES = ['draft', 'active', 'paused'] as const;

/** A promotion's machine (decision 0068): an admin launches a draft or a paused one (active) and pauses a draft or an active one. */
export const PROMOTION_MACHINE = defineMachine({
  statuses: STORED_PROMOTION_STATUSES,
  actors: ['admin'],
  transitions: [
    { from: 'draft', to: 'active', actor: 'admin' },
    { from: 'paused', to: 'active', actor: 'admin' },
    { from: 'draft', to: 'paused', actor: 'admin' },
    { from: 'active', to: 'paused', actor: 'admin' },
  ],
});
