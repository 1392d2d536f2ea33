import { describe, expect, it } from 'vitest';
import { onOurClock } from './server-clock';

describe('onOurClock', () => {
  it("moves a server deadline by the server's clock offset at receipt", () => {
    const asOf = '2026-01-01T12:00:00.000Z';
    // Our clock was 30 s ahead of the server's when the answer came: the deadline is 30 s later on ours.
    expect(onOurClock('2026-01-01T12:01:00.000Z', asOf, Date.parse(asOf) + 30_000)).toBe('2026-01-01T12:01:30.000Z');
    expect(onOurClock('2026-01-01T12:01:00.000Z', asOf, Date.parse(asOf) - 5_000)).toBe('2026-01-01T12:00:55.000Z');
    expect(onOurClock(null, asOf, 0)).toBeUndefined();
  });
});
