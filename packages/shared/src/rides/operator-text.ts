/** /booking-management's words (the spec shows none of this page). */
/** Why a ride check fired (ride_events.detail's first word), as the operator reads it. */
const rideCheckReasons: Record<string, string> = { long_stop: 'stopped for a long time', route_deviation: 'far off the route' };

export const operatorText = {
  tableLabel: 'Rides',
  search: 'Search by rider, driver, email, phone or ride id',
  status: 'Status',
  rideType: 'Ride type',
  from: 'From',
  to: 'To',
  columns: { requested: 'Requested', ride: 'Ride', rider: 'Rider', driver: 'Driver', status: 'Status', fare: 'Fare' },
  noDriver: 'No driver yet',
  open: 'Open',
  empty: 'No rides match.',
  loadFailed: "We couldn't load the rides. Check your connection and try again.",
  back: 'All rides',
  notFound: 'This ride does not exist.',
  summary: 'Summary',
  timeline: 'Timeline',
  route: 'Route driven',
  routeNone: 'No positions were recorded for this ride.',
  chat: 'Chat',
  chatNone: 'No messages.',
  ratings: 'Ratings',
  ratingsNone: 'No ratings yet.',
  ratedBy: { rider: 'Rider rated the driver', driver: 'Driver rated the rider' } as Record<string, string>,
  sender: { rider: 'Rider', driver: 'Driver' } as Record<string, string>,
  fields: { rider: 'Rider', driver: 'Driver', vehicle: 'Vehicle', pickup: 'Pickup', destination: 'Destination', fare: 'Fare', trip: 'Trip', status: 'Status' },
  events: {
    requested: 'Requested',
    offered: (name: string | null) => `Offered to ${name ?? 'a driver'}`,
    offer_declined: (name: string | null) => `${name ?? 'The driver'} declined`,
    offer_expired: (name: string | null) => `Offer to ${name ?? 'the driver'} expired`,
    offer_cancelled: (name: string | null) => `Offer to ${name ?? 'the driver'} withdrawn`,
    accepted: (name: string | null) => `Accepted by ${name ?? 'the driver'}`,
    arrived: 'Driver arrived',
    started: 'Trip started (PIN)',
    completed: 'Completed',
    cancelled: (by: string | null) => `Cancelled${by ? ` by ${by}` : ''}`,
    no_driver: 'No driver found',
    sos: (by: string | null) => `SOS raised${by ? ` by the ${by}` : ''}`,
    sos_resolved: 'SOS closed by an operator',
    ride_check: (reason: string | null) => `Ride check: ${rideCheckReasons[reason ?? ''] ?? 'asked if everything is OK'}`,
    ride_check_ok: (by: string | null) => `${by === 'driver' ? 'Driver' : by === 'rider' ? 'Rider' : 'Someone'} answered “Everything is OK”`,
  },
  cancel: 'Cancel ride',
  cancelDialog: {
    title: 'Cancel this ride?',
    text: 'The rider and the driver are told at once, with your reason.',
    reasonLabel: 'Reason (the rider and the driver read it)',
    reasonRequired: 'Give a reason (at least 3 characters).',
    confirm: 'Cancel ride',
    keep: 'Keep ride',
  },
  cancelled: 'Ride cancelled. The rider and the driver have been told.',
  redispatch: 'Dispatch again',
  redispatched: 'The ride is being offered to drivers again.',
  failed: "We couldn't do that. Check your connection and try again.",
} as const;

/** The words of one timeline event (the operator's ride story, the refund page, a ticket's ride). */
export function timelineEventText(e: { kind: keyof typeof operatorText.events; driver_name: string | null; by: string | null; reason: string | null }): string {
  const words = operatorText.events[e.kind];
  if (typeof words === 'string') return words;
  if (e.kind === 'cancelled' || e.kind === 'sos' || e.kind === 'ride_check_ok') return words(e.by);
  if (e.kind === 'ride_check') return words(e.reason?.split(':')[0] ?? null);
  return words(e.driver_name);
}
