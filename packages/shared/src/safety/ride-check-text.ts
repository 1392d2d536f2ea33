import type { RideCheckReason } from './ride-check';

/** Ride check's words (decision 0062): the prompt both parties read and the notification they get. */
export const rideCheckText = {
  title: 'Is everything OK?',
  reason: {
    rider: { long_stop: 'Your car has been stopped for a while.', route_deviation: 'Your car is far from the way to your destination.' },
    driver: { long_stop: 'Your car has been stopped for a while on this trip.', route_deviation: 'Your car is far from the way to the destination.' },
  } satisfies Record<'rider' | 'driver', Record<RideCheckReason, string>>,
  hint: 'If you need help, use SOS.',
  ok: "I'm OK",
  sending: 'Sending…',
  thanks: 'Thanks. We will keep an eye on the trip.',
  failed: "We couldn't send your answer. Try again.",
  notice: {
    title: 'Is everything OK?',
    message: (reason: RideCheckReason) =>
      reason === 'long_stop'
        ? 'The car has been stopped for a while. Open the ride to tell us you are OK, or use SOS.'
        : 'The car is far from the route. Open the ride to tell us you are OK, or use SOS.',
  },
} as const;
