import { defineMachine, type Transition } from '../machine';

/**
 * The ride's state machine. Every status change on the server is one verb (apps/server/src/rides/<verb>.ts)
 * whose conditional update moves the ride only from `sourcesOf(to, actor)`, the statuses this table allows
 * that actor: its rider, its assigned driver, an operator (an admin steering the marketplace), or the
 * system (dispatch, timers). The labels are the words riders and drivers read; they live here, beside the
 * statuses they name.
 */
export const RIDE_STATUSES = ['requested', 'accepted', 'arrived', 'in_progress', 'completed', 'cancelled', 'no_driver'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

export const RIDE_ACTORS = ['rider', 'driver', 'operator', 'system'] as const;
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
/** Active with a driver assigned: a driver holds at most one ride in these (enforced by an index). */
export const ASSIGNED_STATUSES = ['accepted', 'arrived', 'in_progress'] as const satisfies readonly RideStatus[];

export type RideTransition = Transition<RideStatus, RideActor>;

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
  // An operator (an admin in booking management) may stop any ride that has not ended, in progress
  // included: unlike the rider and the driver, who end a started trip by completing it, an operator steps
  // in when something is wrong on the road (a safety report, a driver who stopped moving, a fraud flag),
  // and a trip that cannot be completed must still be able to end. The reason is required by the verb.
  { from: 'requested', to: 'cancelled', actor: 'operator' },
  { from: 'accepted', to: 'cancelled', actor: 'operator' },
  { from: 'arrived', to: 'cancelled', actor: 'operator' },
  { from: 'in_progress', to: 'cancelled', actor: 'operator' },
  // An operator gives a ride still looking for a driver a fresh search (its dispatch deadline starts
  // again): the ride stays requested, but the move is the operator's, guarded and audited like a cancel.
  { from: 'requested', to: 'requested', actor: 'operator' },
];

export const RIDE_MACHINE = defineMachine({ statuses: RIDE_STATUSES, actors: RIDE_ACTORS, transitions: RIDE_TRANSITIONS });

export function canTransition(from: RideStatus, to: RideStatus, actor: RideActor): boolean {
  return RIDE_MACHINE.canMove(from, to, actor);
}

/** The statuses from which `actor` may move a ride to `to`: the `where status in (...)` of a conditional update. */
export function sourcesOf(to: RideStatus, actor: RideActor): RideStatus[] {
  return RIDE_MACHINE.sourcesOf(to, actor);
}

export function isTerminal(status: RideStatus): boolean {
  return (TERMINAL_STATUSES as readonly RideStatus[]).includes(status);
}
