import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, RIDE_STATUSES, RIDE_TRANSITIONS, sourcesOf, STATUS_LABELS, TERMINAL_STATUSES } from './ride-state';

describe('ride state machine', () => {
  it('labels every status in the words riders read', () => {
    expect(STATUS_LABELS).toEqual({
      requested: 'Finding a driver',
      accepted: 'Driver on the way',
      arrived: 'Driver arrived',
      in_progress: 'In progress',
      completed: 'Completed',
      cancelled: 'Cancelled',
      no_driver: 'No driver found',
    });
  });

  it('lets the rider cancel until the trip starts, and never after', () => {
    for (const from of ['requested', 'accepted', 'arrived'] as const) expect(canTransition(from, 'cancelled', 'rider')).toBe(true);
    for (const from of ['in_progress', 'completed', 'cancelled', 'no_driver'] as const) expect(canTransition(from, 'cancelled', 'rider')).toBe(false);
    expect(sourcesOf('cancelled', 'rider')).toEqual(['requested', 'accepted', 'arrived']);
  });

  it('gives the driver the trip, in order, and a cancel only after accepting', () => {
    expect(canTransition('requested', 'accepted', 'driver')).toBe(true);
    expect(canTransition('accepted', 'arrived', 'driver')).toBe(true);
    expect(canTransition('arrived', 'in_progress', 'driver')).toBe(true);
    expect(canTransition('in_progress', 'completed', 'driver')).toBe(true);
    expect(canTransition('accepted', 'in_progress', 'driver')).toBe(false);
    expect(canTransition('requested', 'completed', 'driver')).toBe(false);
    expect(canTransition('requested', 'cancelled', 'driver')).toBe(false);
    expect(sourcesOf('cancelled', 'driver')).toEqual(['accepted', 'arrived']);
  });

  it('lets an operator stop any ride that has not ended, a started trip included, and do nothing else', () => {
    expect(sourcesOf('cancelled', 'operator')).toEqual(['requested', 'accepted', 'arrived', 'in_progress']);
    for (const from of ['completed', 'cancelled', 'no_driver'] as const) expect(canTransition(from, 'cancelled', 'operator')).toBe(false);
    for (const to of ['accepted', 'arrived', 'in_progress', 'completed', 'no_driver'] as const) expect(sourcesOf(to, 'operator')).toEqual([]);
    // Besides a fresh search for a ride still looking for a driver (redispatch): it stays requested.
    expect(sourcesOf('requested', 'operator')).toEqual(['requested']);
    for (const actor of ['rider', 'driver', 'system'] as const) expect(sourcesOf('requested', actor)).toEqual([]);
  });

  it('refuses each move to any actor the table does not name', () => {
    expect(canTransition('requested', 'accepted', 'rider')).toBe(false);
    expect(canTransition('requested', 'accepted', 'system')).toBe(false);
    expect(canTransition('requested', 'no_driver', 'rider')).toBe(false);
    expect(canTransition('requested', 'no_driver', 'system')).toBe(true);
    expect(canTransition('in_progress', 'completed', 'rider')).toBe(false);
  });

  it('never leaves a terminal status', () => {
    expect([...TERMINAL_STATUSES]).toEqual(['completed', 'cancelled', 'no_driver']);
    for (const t of RIDE_TRANSITIONS) expect(isTerminal(t.from)).toBe(false);
    for (const s of RIDE_STATUSES) expect(isTerminal(s)).toBe((TERMINAL_STATUSES as readonly string[]).includes(s));
  });
});
