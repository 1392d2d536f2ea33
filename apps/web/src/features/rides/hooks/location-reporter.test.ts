import { describe, expect, it } from 'vitest';
import { createLocationReporter, type Fix, HEARTBEAT_MS, MIN_INTERVAL_MS, WARM_UP_MS } from './location-reporter';

const at = (lat: number, accuracy = 10): Fix => ({ lat, lng: -122.4194, accuracy, heading: null, speed: null });

function setup(online = true) {
  let t = 1_000_000;
  const sent: Array<{ t: number; lat: number }> = [];
  const state = { online };
  const reporter = createLocationReporter({
    now: () => t,
    send: (fix) => {
      if (state.online) sent.push({ t, lat: fix.lat });
      return state.online;
    },
  });
  /** Advance the clock in 500 ms ticks (the hook's timer), flushing on each. */
  const advance = (ms: number) => {
    for (let left = ms; left > 0; left -= 500) {
      t += Math.min(500, left);
      reporter.flush();
    }
  };
  return { reporter, sent, advance, state, now: () => t };
}

describe('location reporter', () => {
  it('sends the first fix at once and then at most one frame every 2 s, always the newest fix', () => {
    const { reporter, sent, advance } = setup();
    reporter.update(at(1));
    expect(sent.map((s) => s.lat)).toEqual([1]);
    // A burst of fixes (1 per 200 ms) within the interval: none goes out early.
    for (const lat of [2, 3, 4, 5]) {
      advance(200);
      reporter.update(at(lat));
    }
    expect(sent).toHaveLength(1);
    advance(1200);
    expect(sent.map((s) => s.lat)).toEqual([1, 5]);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.t - sent[i - 1]!.t).toBeGreaterThanOrEqual(MIN_INTERVAL_MS);
  });

  it('re-sends the last fix every 2 s while warming up, then every 5 s while nothing moves', () => {
    const { reporter, sent, advance, now } = setup();
    const start = now();
    reporter.update(at(7));
    advance(WARM_UP_MS);
    const warm = sent.filter((s) => s.t - start < WARM_UP_MS);
    expect(warm.length).toBe(WARM_UP_MS / MIN_INTERVAL_MS);
    const before = sent.length;
    advance(30_000);
    const later = sent.slice(before);
    expect(later.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < later.length; i++) expect(later[i]!.t - later[i - 1]!.t).toBe(HEARTBEAT_MS);
    expect(later.every((s) => s.lat === 7)).toBe(true);
  });

  it('never sends a fix coarser than the server takes (200 m)', () => {
    const { reporter, sent, advance } = setup();
    reporter.update(at(1, 1500));
    advance(20_000);
    expect(sent).toEqual([]);
    reporter.update(at(2, 50));
    expect(sent.map((s) => s.lat)).toEqual([2]);
  });

  it('a frame that could not go out (socket down) is tried again on the next tick', () => {
    const { reporter, sent, advance, state } = setup(false);
    reporter.update(at(1));
    advance(1500);
    expect(sent).toEqual([]);
    state.online = true;
    advance(500);
    expect(sent.map((s) => s.lat)).toEqual([1]);
  });
});
