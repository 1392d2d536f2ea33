// Over 400 lines: one simulated driver's whole loop (sign in, go online, take offers, drive the route, hand over
// the ride) as a single state machine that reads top to bottom; sim/ is a separate tool beside the product.
import { type LatLngTuple, pathLength, pointAlong } from '@openride/shared/geo/street-grid';
import type { RealtimeEventData, ServerFrame } from '@openride/shared/realtime';
import type { DriverRideView, RideOfferView as RideOffer, RideView } from '@openride/shared/rides/views';
import { WebSocket } from 'ws';
import { errorText, HttpSession, NetworkError } from './http-session';
import { gridNavigator, type Navigator, type Point, randomPointNear, seededRandom } from './sim-geo';
import type { SimCounters, SimStats } from './sim-stats';

/** Where the rider's PIN comes from: the simulated driver "hears" it at the pickup. Null: not known (yet). */
export type PinSource = (rideId: string) => Promise<string | null>;

type SimLogger = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; debug(obj: object, msg?: string): void };

export type SimDriverOptions = {
  /** The server, e.g. http://localhost:3000 (also the Origin the app sends). */
  url: string;
  email: string;
  password: string;
  /** Where the driver is when the app starts. */
  start: Point;
  /** The area the driver roams while waiting for rides: around `home` (default `start`), within `roamRadiusM`. */
  home?: Point;
  roamRadiusM?: number;
  pinSource: PinSource;
  /** Time-lapse factor: 30 makes a 15-minute trip take 30 s, and every wait 30 times shorter. */
  speed?: number;
  /** Share of offers declined (a driver who does not fancy the trip). */
  declineRate?: number;
  /** The phone's navigation app (street grid by default). */
  navigate?: Navigator;
  seed?: number;
  stats?: SimStats;
  logger?: SimLogger;
  /** The Origin the app sends (the server's PUBLIC_URL); `url` by default. */
  origin?: string;
  /** A session already signed in as this driver (the CLI's, which made the account): saves a sign-in. */
  session?: HttpSession;
  /** On stop(), complete the trip under way or cancel the ride not yet started (the standalone simulator). */
  finishRidesOnStop?: boolean;
  /** Sent as X-Forwarded-For (only honoured by servers with TRUST_PROXY; the CLI's opt-in). */
  forwardedFor?: string;
};

/** City driving average the fares and ETAs assume (routing/great-circle-routing.ts): 25 km/h. */
const CITY_SPEED_MS = 25_000 / 3600;
/** Location frames every 2 s of simulated time, but never more often than the server takes them (1 per second). */
const FRAME_EVERY_SIM_MS = 2_000;
const MIN_FRAME_REAL_MS = 1_100;
/** How long the driver waits at the pickup for a PIN nobody can tell before giving up on the ride. */
const PIN_PATIENCE_SIM_S = 300;

type Motion =
  | { kind: 'parked'; at: Point; heading: number }
  | { kind: 'driving'; path: LatLngTuple[]; length: number; startedAt: number; realMs: number; simS: number };

class Stopped extends Error {}
class Interrupted extends Error {}

/**
 * A simulated driver that uses only the public protocol, like the driver app on a phone: signs in (cookie),
 * goes online, keeps a WebSocket open and sends a GPS frame every couple of (simulated) seconds while it
 * roams the streets; answers offers like a person (a few seconds to decide, sometimes no), then drives to
 * the pickup in the time the offer's ETA said, arrives, starts with the rider's PIN, drives the trip in the
 * ride's estimated duration, completes, rates the rider and roams again. Reconnects its socket, signs in
 * again when the session is gone, treats 409s as "someone/something else moved the ride" and carries on.
 */
export class SimDriver {
  readonly email: string;
  private readonly http: HttpSession;
  private readonly speed: number;
  private readonly random: () => number;
  private readonly navigate: Navigator;
  private readonly log: SimLogger;
  private motion: Motion;
  private driverId: string | null = null;
  private ws: WebSocket | null = null;
  private socketOpen = false;
  private frameTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = 500;
  private stopping = false;
  private readonly stopController = new AbortController();
  /** Aborted when something needs the driver's attention now (an offer while roaming, a cancelled ride). */
  private attention = new AbortController();
  private pendingOffer: RideOffer | null = null;
  /** When the pending offer arrived (by this machine's clock: the server's may differ). */
  private offerReceivedAt = 0;
  private readonly closedOffers = new Set<string>();
  private currentRideId: string | null = null;
  private currentRideCancelled = false;
  private loop: Promise<void> | null = null;

  constructor(private readonly opts: SimDriverOptions) {
    this.email = opts.email;
    this.speed = opts.speed ?? 1;
    this.random = seededRandom(opts.seed ?? hashString(opts.email));
    this.navigate = opts.navigate ?? gridNavigator;
    this.log = opts.logger ?? { info() {}, warn() {}, debug() {} };
    this.http = opts.session ?? new HttpSession(opts.url, { forwardedFor: opts.forwardedFor, origin: opts.origin });
    this.http.stats = opts.stats;
    this.motion = { kind: 'parked', at: opts.start, heading: 0 };
  }

  /** Sign in, go online, connect; then live in the background until stop(). Throws if the first sign-in fails. */
  async start(): Promise<void> {
    if (!this.opts.session) await this.signIn();
    await this.goOnline();
    this.connect();
    this.scheduleFrames();
    this.loop = this.live().catch((err) => {
      if (!(err instanceof Stopped)) this.log.warn({ err, driver: this.email }, 'simulated driver stopped on an error');
    });
  }

  /** Stop driving, go offline (best effort), close the socket. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.stopController.abort();
    this.attention.abort();
    if (this.frameTimer) clearTimeout(this.frameTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const rideId = this.currentRideId;
    await this.loop;
    if (rideId && this.opts.finishRidesOnStop) await this.finishRide(rideId).catch(() => undefined);
    if (this.driverId) await this.http.patch(`/api/drivers/${this.driverId}`, { status: 'offline' }).catch(() => undefined);
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => (ws.terminate(), resolve()), 1000);
        ws.once('close', () => (clearTimeout(timer), resolve()));
        ws.close();
      });
    }
  }

  /**
   * Leave no ride hanging when the simulator goes away for good: a trip under way is completed where the
   * car is, a ride not yet started is cancelled. (The in-process demo does not do this: it resumes the
   * ride on the next start instead.)
   */
  private async finishRide(rideId: string) {
    const res = await this.http.get(`/api/rides/${rideId}`);
    const status = res.status === 200 ? (res.body.ride.status as string) : null;
    if (status === 'in_progress') {
      if ((await this.http.post(`/api/rides/${rideId}/complete`, {})).status === 200) this.count('ridesEndedOnStop');
    } else if (status === 'accepted' || status === 'arrived') {
      await this.http.post(`/api/rides/${rideId}/cancel`, { reason: 'The driver went offline.' });
    }
  }

  /** Where the car is now, and which way it faces. */
  position(now = Date.now()): Point & { heading: number; speed: number } {
    const m = this.motion;
    if (m.kind === 'parked') return { ...m.at, heading: m.heading, speed: 0 };
    const fraction = m.realMs <= 0 ? 1 : Math.min(1, (now - m.startedAt) / m.realMs);
    const p = pointAlong(m.path, m.length * fraction);
    return { lat: p.lat, lng: p.lng, heading: p.heading, speed: fraction >= 1 || m.simS <= 0 ? 0 : Math.min(99, m.length / m.simS) };
  }

  // ---- session, online status, socket -------------------------------------------------------------

  private async signIn() {
    const res = await this.http.signIn(this.opts.email, this.opts.password);
    if (res.status !== 200) throw new Error(`${this.email} could not sign in: ${res.status} ${errorText(res)}`);
  }

  private async goOnline() {
    const me = await this.http.get('/api/drivers/me');
    const id = me.body?.driver?.id as string | undefined;
    if (me.status !== 200 || !id) throw new Error(`${this.email} has no driver record (${me.status})`);
    this.driverId = id;
    const res = await this.http.patch(`/api/drivers/${id}`, { status: 'available' });
    if (res.status !== 200) throw new Error(`${this.email} could not go online: ${res.status} ${errorText(res)}`);
  }

  private connect() {
    if (this.stopping) return;
    const ws = new WebSocket(this.opts.url.replace(/^http/, 'ws') + '/ws', { headers: { cookie: this.http.cookieHeader, origin: this.http.origin } });
    this.ws = ws;
    ws.on('message', (raw) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(raw.toString()) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    });
    ws.on('unexpected-response', (_req, res) => {
      // 401: the session is gone (expired, signed out elsewhere): sign in again before reconnecting.
      if (res.statusCode === 401) void this.signIn().catch((err) => this.log.warn({ err, driver: this.email }, 'sign-in again failed'));
      ws.terminate();
    });
    ws.on('error', (err) => this.log.debug({ err, driver: this.email }, 'socket error'));
    ws.on('close', () => {
      if (this.socketOpen) this.count('driversConnected', -1);
      this.socketOpen = false;
      if (this.stopping || this.ws !== ws) return;
      this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectDelayMs);
      this.reconnectDelayMs = Math.min(10_000, this.reconnectDelayMs * 2);
    });
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === 'ready') {
      if (!this.socketOpen) this.count('driversConnected');
      this.socketOpen = true;
      this.reconnectDelayMs = 500;
      this.sendLocation();
      // An offer may have come while the socket was down: the app restores it from the server.
      if (!this.currentRideId && !this.pendingOffer) void this.restoreOffer();
      return;
    }
    if (frame.type === 'error') {
      this.log.debug({ driver: this.email, frame }, 'server error frame');
      return;
    }
    if (frame.type !== 'event') return;
    // The server's own frames: their data is the shape packages/shared/src/realtime.ts gives each event.
    if (frame.event === 'ride.offer') {
      this.offerArrived((frame.data as RealtimeEventData<'ride.offer'>).offer);
    } else if (frame.event === 'ride.offer_closed') {
      this.closedOffers.add((frame.data as RealtimeEventData<'ride.offer_closed'>).offer_id);
      if (this.closedOffers.size > 200) this.closedOffers.delete(this.closedOffers.values().next().value!);
    } else if (frame.event === 'ride.changed') {
      const data = frame.data as RealtimeEventData<'ride.changed'>;
      if (data.id !== this.currentRideId || (data.status !== 'cancelled' && data.status !== 'no_driver')) return;
      this.currentRideCancelled = true;
      this.attention.abort();
    }
  }

  private offerArrived(offer: RideOffer) {
    if (this.currentRideId || this.pendingOffer?.id === offer.id) return;
    this.count('offersReceived');
    this.pendingOffer = offer;
    this.offerReceivedAt = Date.now();
    this.attention.abort();
  }

  private async restoreOffer() {
    try {
      const res = await this.http.get('/api/drivers/me/offer');
      if (res.status === 200 && res.body?.offer) this.offerArrived(res.body.offer as RideOffer);
    } catch {
      /* next time */
    }
  }

  private scheduleFrames() {
    const every = Math.max(MIN_FRAME_REAL_MS, FRAME_EVERY_SIM_MS / this.speed);
    const tick = () => {
      if (this.stopping) return;
      this.sendLocation();
      this.frameTimer = setTimeout(tick, every);
    };
    this.frameTimer = setTimeout(tick, every);
  }

  private sendLocation() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.socketOpen) return;
    const p = this.position();
    const frame = {
      type: 'location',
      lat: round6(p.lat),
      lng: round6(p.lng),
      accuracy: 5 + Math.round(this.random() * 10),
      heading: Math.round(p.heading) % 360,
      speed: Math.round(p.speed * 10) / 10,
    };
    ws.send(JSON.stringify(frame));
    this.count('framesSent');
  }

  // ---- the driver's life ---------------------------------------------------------------------------

  private async live() {
    let resumed = false;
    while (!this.stopping) {
      try {
        if (!resumed) {
          await this.resumeActiveRide();
          resumed = true;
          continue;
        }
        if (this.pendingOffer) {
          const offer = this.pendingOffer;
          await this.answerOffer(offer);
          if (this.pendingOffer === offer) this.pendingOffer = null;
          continue;
        }
        await this.roam();
      } catch (err) {
        if (err instanceof Stopped || this.stopping) return;
        if (err instanceof Interrupted) continue;
        this.count('errors');
        this.log.warn({ err, driver: this.email }, 'simulated driver hit an error; carrying on');
        this.currentRideId = null;
        // A ride may still be ours (the server was away longer than the retries): pick it up again first.
        resumed = false;
        await this.sleepSim(10, { interruptible: false }).catch(() => undefined);
      }
    }
  }

  /** Drive somewhere near home, then wait a while; an offer interrupts either. */
  private async roam() {
    const attention = this.freshAttention();
    const home = this.opts.home ?? this.opts.start;
    const target = randomPointNear(home, this.opts.roamRadiusM ?? 2_500, this.random);
    const path = await this.navigate(this.position(), target);
    // Cruising speed varies a little around the city average.
    const speed = CITY_SPEED_MS * (0.8 + 0.4 * this.random());
    await this.drive(path, pathLength(path) / speed, attention.signal);
    await this.sleepSim(20 + 70 * this.random(), { signal: attention.signal });
  }

  private async answerOffer(offer: RideOffer) {
    // A person reads the card: 2–6 s.
    await this.sleepSim(2 + 4 * this.random(), { interruptible: false });
    if (this.closedOffers.has(offer.id) || Date.now() > this.offerReceivedAt + offer.timeout_s * 1000) return;
    if (this.random() < (this.opts.declineRate ?? 0.1)) {
      await this.call('POST', `/api/rides/${offer.ride_id}/decline`, {});
      this.count('offersDeclined');
      return;
    }
    const res = await this.call('POST', `/api/rides/${offer.ride_id}/accept`, {}, 'accept');
    if (res.status === 409) {
      this.count('acceptConflicts');
      return;
    }
    if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${errorText(res)}`);
    this.count('offersAccepted');
    this.pendingOffer = null;
    await this.doRide(res.body.ride as DriverRideView, offer.pickup_eta_s);
  }

  /** Pick up with the ride already in `ride.status`: accepted → arrived → in_progress → completed. */
  private async doRide(ride: Pick<RideView, 'id' | 'status' | 'pickup' | 'destination' | 'duration_s' | 'distance_m'>, pickupEtaS?: number | null) {
    this.currentRideId = ride.id;
    this.currentRideCancelled = false;
    try {
      let status: string = ride.status;
      if (status === 'accepted') {
        const attention = this.freshAttention();
        const path = await this.navigate(this.position(), ride.pickup);
        // The drive takes what the offer's ETA said (the map's ETA counts down in step with the car).
        const simS = pickupEtaS && pickupEtaS > 0 ? pickupEtaS : pathLength(path) / CITY_SPEED_MS;
        if (!(await this.drive(path, simS, attention.signal, true))) return this.rideGone(ride.id);
        status = await this.transition(ride.id, 'arrive', 'arrived');
        if (status !== 'arrived') return this.rideGone(ride.id);
      }
      if (status === 'arrived') {
        status = await this.startWithPin(ride.id);
        if (status !== 'in_progress') return this.rideGone(ride.id);
      }
      if (status === 'in_progress') {
        const from = this.position();
        const path = await this.navigate(from, ride.destination);
        // The trip takes the ride's estimated duration: the fare was priced on it.
        await this.drive(path, ride.duration_s > 0 ? ride.duration_s : pathLength(path) / CITY_SPEED_MS, this.stopController.signal, true);
        status = await this.transition(ride.id, 'complete', 'completed');
        if (status !== 'completed') return this.rideGone(ride.id);
        this.count('ridesCompleted');
        await this.call('POST', `/api/rides/${ride.id}/rating`, { stars: 5 });
      }
    } catch (err) {
      // Refused (a PIN locked out, a server error that outlived the retries): a real driver would cancel
      // rather than sit on the ride, which would also keep them out of dispatch. A server out of reach is
      // different: the ride is resumed once it answers again.
      if (!(err instanceof Stopped) && !(err instanceof NetworkError) && !this.stopping) {
        await this.call('POST', `/api/rides/${ride.id}/cancel`, { reason: 'The driver could not continue.' }).catch(() => undefined);
      }
      throw err;
    } finally {
      this.currentRideId = null;
    }
  }

  private rideGone(rideId: string) {
    this.count('ridesCancelled');
    this.log.info({ driver: this.email, rideId }, 'ride ended before its trip: back to roaming');
  }

  /** Ask the PIN, start; a rider who never tells it (nobody knows it) is given up on after a while. */
  private async startWithPin(rideId: string): Promise<string> {
    // The rider walks to the car: 5–15 s.
    await this.sleepSim(5 + 10 * this.random(), { interruptible: false });
    const deadline = Date.now() + (PIN_PATIENCE_SIM_S * 1000) / this.speed;
    let wrong = 0;
    while (Date.now() < deadline) {
      if (this.currentRideCancelled) return 'cancelled';
      const pin = await this.opts.pinSource(rideId).catch(() => null);
      if (pin) {
        const res = await this.call('POST', `/api/rides/${rideId}/start`, { pin }, 'start');
        if (res.status === 200) return 'in_progress';
        if (res.status === 409) return this.statusOf(rideId);
        if (res.status === 422 && ++wrong < 2) continue;
        throw new Error(`start answered ${res.status}: ${errorText(res)}`);
      }
      await this.sleepSim(5, { interruptible: false });
    }
    this.log.warn({ driver: this.email, rideId }, 'no PIN for this ride: cancelling it');
    await this.call('POST', `/api/rides/${rideId}/cancel`, { reason: 'The rider did not show up.' });
    return 'cancelled';
  }

  /** arrive / complete; a 409 means the ride moved on without us (cancelled): the caller reads the status. */
  private async transition(rideId: string, verb: 'arrive' | 'complete', expected: string): Promise<string> {
    const res = await this.call('POST', `/api/rides/${rideId}/${verb}`, {}, verb);
    if (res.status === 200) return (res.body?.ride?.status as string) ?? expected;
    if (res.status === 409) return this.statusOf(rideId);
    throw new Error(`${verb} answered ${res.status}: ${errorText(res)}`);
  }

  private async statusOf(rideId: string): Promise<string> {
    const res = await this.call('GET', `/api/rides/${rideId}`);
    return res.status === 200 ? (res.body.ride.status as string) : 'gone';
  }

  /** After a restart of the simulator (or the server), finish the ride the driver was on. */
  private async resumeActiveRide() {
    const res = await this.call('GET', '/api/rides/active');
    const ride = res.status === 200 ? (res.body?.ride as RideView | null) : null;
    // The rider's view: this account is the ride's rider, not its driver.
    if (!ride || ride.viewer === 'rider') return;
    this.log.info({ driver: this.email, rideId: ride.id, status: ride.status }, 'resuming the ride in progress');
    if (ride.status === 'in_progress') this.motion = { kind: 'parked', at: ride.pickup, heading: 0 };
    await this.doRide(ride);
  }

  // ---- plumbing --------------------------------------------------------------------------------------

  private count(counter: keyof SimCounters, by = 1) {
    if (!this.opts.stats) return;
    const c = this.opts.stats.counters;
    c[counter] += by;
    if (c.driversConnected > c.peakDriversConnected) c.peakDriversConnected = c.driversConnected;
  }

  /**
   * One HTTP call as the app makes it: network errors and 5xx are retried with backoff (a few times), a
   * 401 signs in again once. Other statuses are the caller's to read.
   */
  private async call(method: string, path: string, json?: unknown, timed?: string) {
    let signedInAgain = false;
    for (let attempt = 0; ; attempt++) {
      if (this.stopping) throw new Stopped();
      try {
        const res = await this.http.request(method, path, json, timed);
        if (res.status === 401 && !signedInAgain) {
          signedInAgain = true;
          await this.signIn();
          continue;
        }
        if (res.status >= 500 && attempt < 4) {
          await this.sleepReal(500 * 2 ** attempt);
          continue;
        }
        return res;
      } catch (err) {
        if (!(err instanceof NetworkError) || attempt >= 4) throw err;
        await this.sleepReal(500 * 2 ** attempt);
      }
    }
  }

  private freshAttention() {
    if (this.attention.signal.aborted) this.attention = new AbortController();
    return this.attention;
  }

  /**
   * Drive the path in `simS` simulated seconds (speed × faster in real time). Returns false when
   * interrupted (the car stays where it got to); `ride` legs end early only when the ride is cancelled.
   */
  private async drive(path: LatLngTuple[], simS: number, signal: AbortSignal, ride = false): Promise<boolean> {
    const length = pathLength(path);
    const realMs = (simS * 1000) / this.speed;
    this.motion = { kind: 'driving', path, length, startedAt: Date.now(), realMs, simS };
    try {
      await this.sleepReal(realMs, signal);
      return true;
    } catch (err) {
      if (this.stopping) throw new Stopped();
      if (ride && !this.currentRideCancelled) throw err;
      if (!ride) throw new Interrupted();
      return false;
    } finally {
      const p = this.position();
      this.motion = { kind: 'parked', at: { lat: p.lat, lng: p.lng }, heading: p.heading };
    }
  }

  private sleepSim(simS: number, opts: { signal?: AbortSignal; interruptible?: boolean } = {}) {
    return this.sleepReal((simS * 1000) / this.speed, opts.interruptible === false ? undefined : opts.signal).catch((err) => {
      if (this.stopping) throw new Stopped();
      throw err instanceof Interrupted ? err : new Interrupted();
    });
  }

  /** Sleep, cut short by stop() (always) or `signal`. */
  private sleepReal(ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      const signals = [this.stopController.signal, ...(signal ? [signal] : [])];
      if (signals.some((s) => s.aborted)) return reject(new Interrupted());
      const done = () => {
        clearTimeout(timer);
        for (const s of signals) s.removeEventListener('abort', onAbort);
      };
      const onAbort = () => (done(), reject(new Interrupted()));
      const timer = setTimeout(() => (done(), resolve()), Math.max(0, ms));
      for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
    });
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
