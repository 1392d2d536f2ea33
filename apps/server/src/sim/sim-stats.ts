/** The figures a simulator run reports: counters, and latencies of the ride calls (p50/p95). */
export type SimCounters = {
  driversConnected: number;
  /** The most drivers connected at once during the run. */
  peakDriversConnected: number;
  framesSent: number;
  offersReceived: number;
  offersAccepted: number;
  offersDeclined: number;
  /** Accepts the server refused (409: the offer expired, was taken or cancelled meanwhile). */
  acceptConflicts: number;
  ridesCompleted: number;
  ridesCancelled: number;
  /** Trips cut short when the simulator stopped (completed where the car was): not counted as completed. */
  ridesEndedOnStop: number;
  ridesRequested: number;
  /** Rides the simulated riders saw completed (by any driver: simulated here, in the server's demo, or real). */
  ridesCompletedForRiders: number;
  noDriver: number;
  errors: number;
};

export const TIMED_CALLS = ['accept', 'arrive', 'start', 'complete'] as const;

export class SimStats {
  readonly counters: SimCounters = {
    driversConnected: 0,
    peakDriversConnected: 0,
    framesSent: 0,
    offersReceived: 0,
    offersAccepted: 0,
    offersDeclined: 0,
    acceptConflicts: 0,
    ridesCompleted: 0,
    ridesCancelled: 0,
    ridesEndedOnStop: 0,
    ridesRequested: 0,
    ridesCompletedForRiders: 0,
    noDriver: 0,
    errors: 0,
  };
  private readonly samples = new Map<string, number[]>();
  readonly startedAt = Date.now();

  latency(call: string, ms: number) {
    let list = this.samples.get(call);
    if (!list) this.samples.set(call, (list = []));
    // Bounded memory on long runs: keep the latest 20,000 samples per call.
    if (list.length >= 20_000) list.shift();
    list.push(ms);
  }

  percentiles(call: string): { n: number; p50: number; p95: number } | null {
    const list = this.samples.get(call);
    if (!list?.length) return null;
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    return { n: sorted.length, p50: at(0.5), p95: at(0.95) };
  }

  /** One line of figures; `since` gives the rates over the last interval (frames per second). */
  line(since?: { at: number; framesSent: number; ridesCompleted: number }): string {
    const c = this.counters;
    const now = Date.now();
    const from = since ?? { at: this.startedAt, framesSent: 0, ridesCompleted: 0 };
    const seconds = Math.max(0.001, (now - from.at) / 1000);
    const lat = TIMED_CALLS.map((call) => {
      const p = this.percentiles(call);
      return p ? `${call} p50 ${p.p50.toFixed(0)} ms p95 ${p.p95.toFixed(0)} ms (n=${p.n})` : `${call} –`;
    }).join(', ');
    return (
      `drivers connected ${c.driversConnected} (peak ${c.peakDriversConnected}) | frames ${c.framesSent} (${((c.framesSent - from.framesSent) / seconds).toFixed(1)}/s) | ` +
      `offers ${c.offersReceived} received, ${c.offersAccepted} accepted, ${c.offersDeclined} declined, ${c.acceptConflicts} too late | ` +
      `rides ${c.ridesRequested} requested${c.ridesRequested ? ` (${c.ridesCompletedForRiders} completed for the riders)` : ''}, ${c.ridesCompleted} completed (${(((c.ridesCompleted - from.ridesCompleted) / seconds) * 60).toFixed(1)}/min), ` +
      `${c.ridesCancelled} cancelled, ${c.noDriver} no driver${c.ridesEndedOnStop ? `, ${c.ridesEndedOnStop} ended at stop` : ''} | errors ${c.errors} | ${lat}`
    );
  }

  snapshot() {
    return { at: Date.now(), framesSent: this.counters.framesSent, ridesCompleted: this.counters.ridesCompleted };
  }
}
