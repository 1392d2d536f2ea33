/**
 * A state machine for a row's `status` column (decision 0085): its statuses, its actors (who may move it:
 * a rider, a driver, an admin, the system…) and the table of allowed moves. Anything the table does not
 * list is refused. The server's one conditional update (apps/server/src/lib/move.ts) moves a row only from
 * `sourcesOf(to, actor)`, so a row that moved meanwhile matches nothing and of two racing moves one wins.
 * A move may keep the status (`pending → pending`: a vehicle edited while waiting for review is sent back
 * to review, its stamps reset) only where the table lists it.
 */
export type Transition<S extends string, A extends string> = { readonly from: S; readonly to: S; readonly actor: A };

export type Machine<S extends string, A extends string> = {
  readonly statuses: readonly S[];
  readonly actors: readonly A[];
  readonly transitions: readonly Transition<S, A>[];
  /** The statuses from which `actor` may move a row to `to`: the `where status in (...)` of a conditional update. */
  sourcesOf(to: S, actor: A): S[];
  canMove(from: S, to: S, actor: A): boolean;
  /** A status no move leaves (by any actor; a listed move onto itself does not leave it). */
  isTerminal(status: S): boolean;
};

export function defineMachine<const S extends string, const A extends string>(spec: {
  statuses: readonly S[];
  actors: readonly A[];
  transitions: readonly Transition<NoInfer<S>, NoInfer<A>>[];
}): Machine<S, A> {
  const { statuses, actors, transitions } = spec;
  for (const t of transitions) {
    if (!statuses.includes(t.from) || !statuses.includes(t.to)) throw new Error(`Unknown status in move ${t.from} → ${t.to}`);
    if (!actors.includes(t.actor)) throw new Error(`Unknown actor in move ${t.from} → ${t.to}: ${t.actor}`);
  }
  const seen = new Set<string>();
  for (const t of transitions) {
    const key = `${t.from}→${t.to}:${t.actor}`;
    if (seen.has(key)) throw new Error(`Move listed twice: ${key}`);
    seen.add(key);
  }
  return {
    statuses,
    actors,
    transitions,
    sourcesOf: (to, actor) => transitions.filter((t) => t.to === to && t.actor === actor).map((t) => t.from),
    canMove: (from, to, actor) => transitions.some((t) => t.from === from && t.to === to && t.actor === actor),
    isTerminal: (status) => !transitions.some((t) => t.from === status && t.to !== status),
  };
}
