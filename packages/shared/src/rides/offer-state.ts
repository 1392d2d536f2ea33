import { defineMachine } from '../machine';

/**
 * A ride offer's machine (dispatch, decision 0021): an offer on a driver's screen is accepted or declined
 * by that driver, expires (the dispatch sweep, `system`), is handed back when the driver goes offline (their
 * own switch or a compliance hold, `system`) or is suspended (`admin`), and is cancelled with its ride by
 * whoever cancels the ride. Every move leaves `offered`; the others are final.
 */
export const OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_MACHINE = defineMachine({
  statuses: OFFER_STATUSES,
  actors: ['driver', 'rider', 'operator', 'admin', 'system'],
  transitions: [
    { from: 'offered', to: 'accepted', actor: 'driver' },
    { from: 'offered', to: 'declined', actor: 'driver' },
    { from: 'offered', to: 'declined', actor: 'system' },
    { from: 'offered', to: 'declined', actor: 'admin' },
    { from: 'offered', to: 'expired', actor: 'system' },
    { from: 'offered', to: 'cancelled', actor: 'rider' },
    { from: 'offered', to: 'cancelled', actor: 'driver' },
    { from: 'offered', to: 'cancelled', actor: 'operator' },
    { from: 'offered', to: 'cancelled', actor: 'system' },
  ],
});
