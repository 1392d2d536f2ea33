import { defineMachine } from '../machine';
import { PAYOUT_ITEM_STATUSES, PAYOUT_RUN_STATUSES } from './schemas';

/**
 * A payout run's machine (decision 0040). Every move is an admin's: "Preview run now" discards the city's
 * earlier on-demand preview; Approve sends a preview to the bank (approved) or, with nothing to send, closes
 * it at once; the run closes when the bank paid it (Mark paid) or when its last pending payout failed.
 */
export const PAYOUT_RUN_MACHINE = defineMachine({
  statuses: PAYOUT_RUN_STATUSES,
  actors: ['admin'],
  transitions: [
    { from: 'preview', to: 'discarded', actor: 'admin' },
    { from: 'preview', to: 'approved', actor: 'admin' },
    { from: 'preview', to: 'closed', actor: 'admin' },
    { from: 'approved', to: 'closed', actor: 'admin' },
  ],
});

/**
 * One driver's payout in a run: at approval it is skipped (nothing left owed) or pending (sent to the bank);
 * the bank pays it (paid); a pending payout, or a paid one the bank returned, fails (back to the balance).
 */
export const PAYOUT_ITEM_MACHINE = defineMachine({
  statuses: PAYOUT_ITEM_STATUSES,
  actors: ['admin'],
  transitions: [
    { from: 'preview', to: 'skipped', actor: 'admin' },
    { from: 'preview', to: 'pending', actor: 'admin' },
    { from: 'pending', to: 'paid', actor: 'admin' },
    { from: 'pending', to: 'failed', actor: 'admin' },
    { from: 'paid', to: 'failed', actor: 'admin' },
  ],
});
