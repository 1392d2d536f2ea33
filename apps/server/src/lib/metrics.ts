import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Everything /metrics exposes, in Prometheus's text format: one registry per server (tests run several). */
export type Metrics = ReturnType<typeof createMetrics>;

/** Readings taken only when /metrics is scraped (nothing to do on the hot paths). */
export type MetricReadings = {
  socketsOpen?: () => number;
  breadcrumbsPending?: () => number;
  /** Rooms this process is subscribed to on the bus, and events received from it. */
  bus?: () => { rooms: number; received: number };
  /** Jobs waiting to run (created or retry) per queue (pg-boss's getQueueSize; decision 0027). */
  jobsQueued?: () => Promise<Record<string, number>>;
  /** Whether this process runs the dispatch sweep (scaled mode elects one). */
  dispatchLeaseHeld?: () => boolean;
};

/**
 * The server's Prometheus metrics. Counters and histograms are bumped where things happen (the HTTP
 * middleware, the location path, dispatch, the announcement of a ride's change); gauges are read at
 * scrape time from the parts that know (`setReadings`). Node's defaults come too: event-loop lag, heap,
 * GC, CPU, handles. Names follow Prometheus's conventions (`_total`, `_seconds`).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const readings: MetricReadings = {};

  const httpRequests = new Counter({
    name: 'openride_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'openride_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const locationFrames = new Counter({
    name: 'openride_location_frames_total',
    help: "Drivers' GPS frames: accepted, dropped (too soon after the last one) or refused (offline, not a driver, inaccurate)",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const offers = new Counter({
    name: 'openride_offers_total',
    help: 'Ride offers sent to drivers and offers that ran out unanswered',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rideTransitions = new Counter({
    name: 'openride_ride_transitions_total',
    help: 'Rides changing status (accepted, arrived, in_progress, completed, cancelled, no_driver, requested)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const dispatchSweep = new Histogram({
    name: 'openride_dispatch_sweep_duration_seconds',
    help: 'One dispatch tick: expire offers, look at every waiting ride',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const ridesWaiting = new Gauge({
    name: 'openride_rides_waiting',
    help: 'Rides looking for a driver at the last dispatch tick of this process',
    registers: [registry],
  });
  new Gauge({
    name: 'openride_sockets_open',
    help: 'WebSocket connections open on this process',
    registers: [registry],
    collect() {
      this.set(readings.socketsOpen?.() ?? 0);
    },
  });
  new Gauge({
    name: 'openride_breadcrumbs_pending',
    help: 'Ride breadcrumbs buffered in memory, not yet written',
    registers: [registry],
    collect() {
      this.set(readings.breadcrumbsPending?.() ?? 0);
    },
  });

  new Gauge({
    name: 'openride_jobs_queued',
    help: 'Background jobs waiting to run (queued, or waiting for a retry), by queue (push-send, message-send, retention)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sizes = await readings.jobsQueued?.().catch(() => undefined);
      for (const [queue, n] of Object.entries(sizes ?? {})) this.set({ queue }, n);
    },
  });
  const jobFailures = new Counter({
    name: 'openride_job_failures_total',
    help: 'Background job runs that failed in this process, by queue (each is retried with backoff until its limit)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'openride_dispatch_lease_held',
    help: '1 when this process holds the dispatch lease and runs the dispatch sweep (scaled mode elects one process), else 0',
    registers: [registry],
    collect() {
      this.set(readings.dispatchLeaseHeld?.() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'openride_bus_rooms',
    help: 'Rooms (user:, ride:) this process is subscribed to on the bus: those its sockets are in and the drivers whose frames it takes',
    registers: [registry],
    collect() {
      this.set(readings.bus?.().rooms ?? 0);
    },
  });
  new Counter({
    name: 'openride_bus_messages_received_total',
    help: 'Events that reached this process from the bus (in Redis mode, only those of its own rooms)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(readings.bus?.().received ?? 0);
    },
  });

  return {
    registry,
    httpRequests,
    httpDuration,
    locationFrames,
    offers,
    rideTransitions,
    dispatchSweep,
    ridesWaiting,
    jobFailures,
    setReadings(more: MetricReadings) {
      Object.assign(readings, more);
    },
  };
}
