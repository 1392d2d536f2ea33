/**
 * The ride's state machine. Every status change on the server goes through `canTransition`, checked
 * against the actor's role on that ride (its rider, its assigned driver, or the system: dispatch, timers).
 * The labels are the words riders and drivers read; they live here, beside the statuses they name.
 */
export const RIDE_STATUSES = ['requested', 'accepted', 'arrived', 'in_progress', 'completed', 'cancelled', 'no_driver'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

export const RIDE_ACTORS = ['rider', 'driver', 'system'] as const;
export type RideActor = (typeof RIDE_ACTORS)[number];

export const STATUS_LABELS: Record<RideStatus, string> = {
  requested: 'Finding a driver',
  accepted: 'Driver on the way',
  arrived: 'Driver arrived',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_driver: 'No driver found',
};

/** Statuses a ride never leaves. A rider may hold at most one ride outside these (enforced by an index). */
export const TERMINAL_STATUSES = ['completed', 'cancelled', 'no_driver'] as const satisfies readonly RideStatus[];
export const ACTIVE_STATUSES = ['requested', 'accepted', 'arrived', 'in_progress'] as const satisfies readonly RideStatus[];

export type RideTransition = { from: RideStatus; to: RideStatus; actor: RideActor };

/**
 * Every allowed move; anything not listed is refused. The rider may cancel until the trip starts (once in
 * progress, the trip ends by completing it). The driver may cancel after accepting (a no-show rider, say)
 * but not while offered: declining an offer is dispatch's business, not a ride transition.
 */
export const RIDE_TRANSITIONS: readonly RideTransition[] = [
  { from: 'requested', to: 'cancelled', actor: 'rider' },
  { from: 'accepted', to: 'cancelled', actor: 'rider' },
  { from: 'arrived', to: 'cancelled', actor: 'rider' },
  { from: 'requested', to: 'no_driver', actor: 'system' },
  { from: 'requested', to: 'accepted', actor: 'driver' },
  { from: 'accepted', to: 'arrived', actor: 'driver' },
  // Needs the rider's PIN: the server checks it alongside this rule.
  { from: 'arrived', to: 'in_progress', actor: 'driver' },
  { from: 'in_progress', to: 'completed', actor: 'driver' },
  { from: 'accepted', to: 'cancelled', actor: 'driver' },
  { from: 'arrived', to: 'cancelled', actor: 'driver' },
];

export function canTransition(from: RideStatus, to: RideStatus, actor: RideActor): boolean {
  return RIDE_TRANSITIONS.some((t) => t.from === from && t.to === to && t.actor === actor);
}

/** The statuses from which `actor` may move a ride to `to`: the `where status in (...)` of a conditional update. */
export function sourcesOf(to: RideStatus, actor: RideActor): RideStatus[] {
  return RIDE_TRANSITIONS.filter((t) => t.to === to && t.actor === actor).map((t) => t.from);
}

export function isTerminal(status: RideStatus): boolean {
  return (TERMINAL_STATUSES as readonly RideStatus[]).includes(status);
}
