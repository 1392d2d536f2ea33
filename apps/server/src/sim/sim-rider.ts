import type { RideType } from '@openride/shared/rides/schemas';
import type { Quote, QuoteOption, RideView, RiderRideView } from '@openride/shared/rides/views';
import { errorText, HttpSession, NetworkError } from './http-session';
import { distanceMeters } from '@openride/shared/geo/street-grid';
import { CITY_PLACES, type Point, randomPointNear, randomTrip, seededRandom } from './sim-geo';
import type { SimStats } from './sim-stats';

type SimLogger = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; debug(obj: object, msg?: string): void };

export type SimRiderOptions = {
  url: string;
  origin?: string;
  /** An already signed-in session (the CLI makes the accounts). */
  session: HttpSession;
  email: string;
  speed?: number;
  /** Mean simulated seconds between one ride's end and the next request. */
  meanGapS?: number;
  seed?: number;
  stats?: SimStats;
  logger?: SimLogger;
  /** Every booked ride's PIN lands here: the simulated drivers "hear" it from this map. */
  pins: Map<string, string>;
  /**
   * The demo's rush hour (decision 0035): while it answers places, pickups are near them and the gaps
   * between rides are a sixteenth as long, so demand in that zone outruns the drivers there.
   */
  rush?: () => readonly (Point & { name: string })[] | null;
  /** A rider who comes out only for the rush (the demo's extra riders): books nothing while it is off. */
  rushOnly?: boolean;
  /**
   * The city's live promo codes (the demo's, decision 0063): a quarter of the rides try one, as a rider who
   * saw it advertised would; a refused code (spent, already used, not for this ride) books without it.
   */
  promoCodes?: () => readonly string[];
};

/** The share of a simulated rider's rides that try one of the city's promo codes. */
const PROMO_SHARE = 0.25;

/** How much shorter the gaps between a rider's rides are in the demo's rush hour. */
const RUSH_GAP_DIVISOR = 16;
/** How often a rush-only rider looks whether the rush is on. */
const RUSH_POLL_REAL_MS = 5_000;

/**
 * How often a simulated rider wants a bigger car: Comfort one ride in five (draws below 0.2), XL one in ten
 * (0.2 up to 0.3); Economy otherwise. Cumulative bounds, written out (0.2 + 0.1 is not 0.3 in floating point).
 */
export const RIDE_TYPE_WISHES: ReadonlyArray<{ ride_type: RideType; below: number }> = [
  { ride_type: 'comfort', below: 0.2 },
  { ride_type: 'xl', below: 0.3 },
];

/**
 * The ride type a simulated rider books, from the quote's options and a draw in [0, 1): the type the draw
 * wishes for when the quote lists it as available (a car that qualifies is near, decision 0046), else
 * Economy — as a rider who sees "No XL cars nearby right now" takes the everyday car.
 */
export function chooseRideType(options: ReadonlyArray<Pick<QuoteOption, 'ride_type' | 'available'>>, draw: number): RideType {
  const wish = RIDE_TYPE_WISHES.find((w) => draw < w.below);
  if (!wish) return 'economy';
  return options.some((o) => o.ride_type === wish.ride_type && o.available) ? wish.ride_type : 'economy';
}

const TERMINAL = new Set(['completed', 'cancelled', 'no_driver']);
/** Longer than dispatch's 2-minute search (real time: the server's timers are not time-lapsed). */
const REQUESTED_PATIENCE_MS = 150_000;

/**
 * A simulated rider for the standalone simulator: every so often books a ride between two random places of
 * the city, remembers its PIN (so the simulated drivers can start it), waits for the ride to end, rates a
 * completed one and books again. Only the public API, like the rider app.
 */
export class SimRider {
  private readonly random: () => number;
  private readonly speed: number;
  private readonly stopController = new AbortController();
  private loop: Promise<void> | null = null;
  private currentRideId: string | null = null;
  /** The saved test card's id once looked for (null: none to use). */
  private cardId: string | null | undefined = undefined;

  constructor(private readonly opts: SimRiderOptions) {
    this.speed = opts.speed ?? 1;
    this.random = seededRandom(opts.seed ?? 1);
  }

  start() {
    this.loop = this.live().catch((err) => {
      if (!this.stopController.signal.aborted) this.opts.logger?.warn({ err, rider: this.opts.email }, 'simulated rider stopped on an error');
    });
  }

  /** Stop booking; a ride still waiting for its driver (or its pickup) is cancelled, so none is left hanging. */
  async stop() {
    this.stopController.abort();
    await this.loop;
    const rideId = this.currentRideId;
    if (!rideId) return;
    const res = await this.http.get(`/api/rides/${rideId}`).catch(() => null);
    if (res?.status === 200 && ['requested', 'accepted', 'arrived'].includes((res.body.ride as RideView).status)) {
      await this.http.post(`/api/rides/${rideId}/cancel`, { reason: 'Simulated rider left.' }).catch(() => undefined);
    }
  }

  private get http() {
    return this.opts.session;
  }

  private async live() {
    // Riders do not all book at the same second.
    await this.sleepSim(5 + 30 * this.random());
    while (!this.stopController.signal.aborted) {
      if (this.opts.rushOnly && !this.opts.rush?.()?.length) {
        await this.sleepReal(RUSH_POLL_REAL_MS);
        continue;
      }
      try {
        await this.rideOnce();
      } catch (err) {
        if (this.stopController.signal.aborted) return;
        if (this.opts.stats) this.opts.stats.counters.errors++;
        this.opts.logger?.warn({ err, rider: this.opts.email }, 'simulated rider hit an error; carrying on');
      }
      // Exponential gaps: requests arrive like a Poisson process.
      const rush = this.opts.rush?.()?.length ? RUSH_GAP_DIVISOR : 1;
      await this.sleepSim((-Math.log(1 - this.random()) * (this.opts.meanGapS ?? 60)) / rush);
    }
  }

  private async rideOnce() {
    const active = await this.call('GET', '/api/rides/active');
    // Only the rider's view counts: the same account may be driving someone else.
    const activeRide = active.status === 200 ? (active.body?.ride as RideView | null) : null;
    let rideId: string;
    if (activeRide?.viewer === 'rider') {
      rideId = activeRide.id;
      this.opts.pins.set(rideId, activeRide.pin);
    } else {
      const rushPlaces = this.opts.rush?.();
      const trip = rushPlaces?.length ? this.rushTrip(rushPlaces) : randomTrip(this.random);
      // Half the simulated riders' rides go on the test card, where the server has the test card provider
      // (the demo's books then show card money, and drivers the platform owes for a payout run).
      const cardId = this.random() < 0.5 ? await this.testCard() : null;
      const payment = cardId ? { payment_method: 'card', payment_card_id: cardId } : { payment_method: 'cash' };
      // Like the rider app: the quote first (which types have a car near, and the surge lock to book with).
      const quoted = await this.call('POST', '/api/rides/quote', trip);
      const quote = quoted.status === 200 ? (quoted.body as Quote) : null;
      const choice = quote ? { ride_type: chooseRideType(quote.options, this.random()), quote_token: quote.quote_token } : { ride_type: 'economy' };
      const codes = this.opts.promoCodes?.() ?? [];
      const code = codes.length && this.random() < PROMO_SHARE ? codes[Math.floor(this.random() * codes.length)] : undefined;
      let res = await this.call('POST', '/api/rides', { ...trip, ...choice, ...payment, ...(code ? { promo_code: code } : {}) });
      if (code && res.status === 422 && String(res.body?.error?.code ?? '').startsWith('PROMO_CODE_'))
        res = await this.call('POST', '/api/rides', { ...trip, ...choice, ...payment });
      if (res.status !== 201) {
        if (res.status !== 409) this.opts.logger?.warn({ rider: this.opts.email, status: res.status, error: errorText(res) }, 'booking refused');
        return;
      }
      const ride = res.body.ride as RiderRideView;
      rideId = ride.id;
      this.opts.pins.set(rideId, ride.pin);
      if (this.opts.stats) this.opts.stats.counters.ridesRequested++;
      this.opts.logger?.debug({ rider: this.opts.email, ride: rideId, ride_type: choice.ride_type }, 'simulated rider booked');
    }
    this.currentRideId = rideId;
    // Follow the ride until it ends (polling, as a rider glancing at the app would).
    let status = 'requested';
    let since = Date.now();
    while (!TERMINAL.has(status)) {
      await this.sleepSim(3, 1_000);
      const res = await this.call('GET', `/api/rides/${rideId}`);
      if (res.status === 404) break;
      if (res.status !== 200) continue;
      const now: string = (res.body.ride as RideView).status;
      if (now !== status) [status, since] = [now, Date.now()];
      // Dispatch ends a search within 2 minutes: a ride still `requested` well after that was lost (a server
      // restart, say). A rider would give up and book again.
      if (status === 'requested' && Date.now() - since > REQUESTED_PATIENCE_MS) {
        await this.call('POST', `/api/rides/${rideId}/cancel`, { reason: 'Waited too long.' });
        if (this.opts.stats) this.opts.stats.counters.ridesCancelled++;
        break;
      }
    }
    this.currentRideId = null;
    this.opts.pins.delete(rideId);
    if (status === 'no_driver' && this.opts.stats) this.opts.stats.counters.noDriver++;
    if (status === 'completed') {
      if (this.opts.stats) this.opts.stats.counters.ridesCompletedForRiders++;
      await this.call('POST', `/api/rides/${rideId}/rating`, { stars: 5 });
      // Some riders tip: by the card the ride was paid with, or recorded as given in cash.
      if (this.random() < 0.3) await this.call('POST', `/api/rides/${rideId}/tip`, { percent: 15 });
    }
  }

  /** The rider's saved test card (saved on first use), or null where the server has no test card provider. */
  private async testCard(): Promise<string | null> {
    if (this.cardId !== undefined) return this.cardId;
    const config = await this.call('GET', '/api/config');
    if (config.status !== 200 || config.body?.payments?.provider !== 'test') return (this.cardId = null);
    const saved = await this.call('POST', '/api/payments/cards', {
      test_card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '424' },
    });
    this.cardId = saved.status === 201 ? (saved.body.card.id as string) : null;
    return this.cardId;
  }

  /** A pickup near one of the rush places, to anywhere in the city at least 1.2 km away. */
  private rushTrip(places: readonly (Point & { name: string })[]) {
    const from = places[Math.floor(this.random() * places.length)]!;
    for (;;) {
      const to = CITY_PLACES[Math.floor(this.random() * CITY_PLACES.length)]!;
      if (distanceMeters(from, to) < 1_200) continue;
      return {
        pickup: { ...randomPointNear(from, 100, this.random), label: from.name },
        destination: { ...randomPointNear(to, 150, this.random), label: to.name },
      };
    }
  }

  private async call(method: string, path: string, json?: unknown) {
    for (let attempt = 0; ; attempt++) {
      if (this.stopController.signal.aborted) throw new Error('stopped');
      try {
        const res = await this.http.request(method, path, json);
        if (res.status >= 500 && attempt < 3) {
          await this.sleepReal(500 * 2 ** attempt);
          continue;
        }
        return res;
      } catch (err) {
        if (!(err instanceof NetworkError) || attempt >= 3) throw err;
        await this.sleepReal(500 * 2 ** attempt);
      }
    }
  }

  private sleepSim(simS: number, minRealMs = 0) {
    return this.sleepReal(Math.max(minRealMs, (simS * 1000) / this.speed));
  }

  private sleepReal(ms: number) {
    return new Promise<void>((resolve, reject) => {
      const signal = this.stopController.signal;
      if (signal.aborted) return reject(new Error('stopped'));
      const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), ms);
      const onAbort = () => (clearTimeout(timer), reject(new Error('stopped')));
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
