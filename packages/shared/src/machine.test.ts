import { describe, expect, it } from 'vitest';
import { defineMachine } from './machine';

const door = defineMachine({
  statuses: ['closed', 'open', 'locked', 'broken'],
  actors: ['guest', 'owner'],
  transitions: [
    { from: 'closed', to: 'open', actor: 'guest' },
    { from: 'closed', to: 'open', actor: 'owner' },
    { from: 'open', to: 'closed', actor: 'guest' },
    { from: 'closed', to: 'locked', actor: 'owner' },
    { from: 'locked', to: 'closed', actor: 'owner' },
    { from: 'open', to: 'broken', actor: 'guest' },
    { from: 'closed', to: 'broken', actor: 'guest' },
  ],
});

describe('defineMachine (decision 0085)', () => {
  it('keeps its statuses, actors and moves', () => {
    expect(door.statuses).toEqual(['closed', 'open', 'locked', 'broken']);
    expect(door.actors).toEqual(['guest', 'owner']);
    expect(door.transitions).toHaveLength(7);
  });

  it('lists the statuses an actor may move a row from, in the order of the table', () => {
    expect(door.sourcesOf('broken', 'guest')).toEqual(['open', 'closed']);
    expect(door.sourcesOf('open', 'owner')).toEqual(['closed']);
    expect(door.sourcesOf('closed', 'owner')).toEqual(['locked']);
    expect(door.sourcesOf('locked', 'guest')).toEqual([]);
    expect(door.sourcesOf('broken', 'owner')).toEqual([]);
  });

  it('allows exactly the listed moves, for the listed actor', () => {
    expect(door.canMove('closed', 'locked', 'owner')).toBe(true);
    expect(door.canMove('closed', 'locked', 'guest')).toBe(false);
    expect(door.canMove('locked', 'open', 'owner')).toBe(false);
    expect(door.canMove('broken', 'closed', 'owner')).toBe(false);
    for (const s of door.statuses) for (const a of door.actors) expect(door.canMove(s, s, a)).toBe(false);
  });

  it('calls a status no move leaves terminal', () => {
    expect(door.statuses.filter((s) => door.isTerminal(s))).toEqual(['broken']);
  });

  it('allows a move onto the same status only where the table lists it', () => {
    const review = defineMachine({
      statuses: ['pending', 'verified'],
      actors: ['driver', 'admin'],
      transitions: [
        { from: 'pending', to: 'pending', actor: 'driver' },
        { from: 'verified', to: 'pending', actor: 'driver' },
        { from: 'pending', to: 'verified', actor: 'admin' },
      ],
    });
    expect(review.sourcesOf('pending', 'driver')).toEqual(['pending', 'verified']);
    expect(review.canMove('verified', 'verified', 'admin')).toBe(false);
    expect(review.isTerminal('pending')).toBe(false);
  });

  it('refuses a table with an unknown status or actor, or a move listed twice', () => {
    const spec = { statuses: ['a', 'b'], actors: ['x'] } as const;
    expect(() => defineMachine({ ...spec, transitions: [{ from: 'a', to: 'c' as 'b', actor: 'x' }] })).toThrow(/Unknown status/);
    expect(() => defineMachine({ ...spec, transitions: [{ from: 'a', to: 'b', actor: 'y' as 'x' }] })).toThrow(/Unknown actor/);
    expect(() =>
      defineMachine({
        ...spec,
        transitions: [
          { from: 'a', to: 'b', actor: 'x' },
          { from: 'a', to: 'b', actor: 'x' },
        ],
      }),
    ).toThrow(/twice/);
  });
});
