import { defineMachine } from '../machine';

/**
 * A card payment's machine (decisions 0038, 0043). The ride's verbs ask to capture or release an authorised
 * hold (capturing, releasing) and the `payment-settle` job settles it with the processor (captured,
 * released), or fails it when the processor refuses for good; those are the `system`'s moves. The
 * processor's own webhook (`processor`) may settle a hold too, whether or not we asked yet.
 */
export const PAYMENT_STATUSES = ['authorised', 'capturing', 'captured', 'releasing', 'released', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_MACHINE = defineMachine({
  statuses: PAYMENT_STATUSES,
  actors: ['system', 'processor'],
  transitions: [
    { from: 'authorised', to: 'capturing', actor: 'system' },
    { from: 'authorised', to: 'releasing', actor: 'system' },
    { from: 'capturing', to: 'captured', actor: 'system' },
    { from: 'releasing', to: 'released', actor: 'system' },
    { from: 'capturing', to: 'failed', actor: 'system' },
    { from: 'releasing', to: 'failed', actor: 'system' },
    { from: 'authorised', to: 'captured', actor: 'processor' },
    { from: 'capturing', to: 'captured', actor: 'processor' },
    { from: 'authorised', to: 'released', actor: 'processor' },
    { from: 'releasing', to: 'released', actor: 'processor' },
  ],
});
