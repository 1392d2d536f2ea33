import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { ACTIVE_STATUSES } from '@openride/shared/rides/ride-state';
import { RIDE_TYPE_NAMES, type RideRequest } from '@openride/shared/rides/schemas';
import { owedCaptures, owedFeeCents, owedFees } from '../cancellation/cancellation.repo';
import { type PreparedPayment, prepareRidePayment, recordRidePayment, releaseUnbooked } from '../payments/ride-payments';
import { domainError, isUniqueViolation } from '../lib/errors';
import { withinLimits } from '../lib/rate-limit';
import { createNotification } from '../notifications/create-notification';
import { policyInForce } from '../pricing/fare-policies.repo';
import { priceTrip } from '../pricing/price-trip';
import { checkBusinessRequest, holdBusinessRide } from '../corporate/ride-business';
import { checkPromoForRequest, reserveRidePromotion } from '../promotions/ride-promotions';
import { readQuoteLock } from '../surge/quote-lock';
import { checkTrip } from '../zones/check-trip';
import { announceRideChange } from './announce-ride-change';
import type { RideRow } from './rides.repo';
import type { Ports } from '../ports';
import type { PaymentProvider } from '../payments/provider';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';
import type { RideDispatcher } from './dispatch-port';

const ONE_ACTIVE_RIDE_INDEX = 'rides_one_active_per_rider_idx';

/**
 * The rider books. The fare is priced here from the fare policy version in force now for the pickup's
 * pricing zone (else the city default) and the routed distance, never taken from the client; the ride keeps
 * that version's rates and multipliers as its snapshot (decision 0032). One transaction inserts the ride
 * (`requested`) and the rider's notification; the one-active-ride rule is the database's partial unique
 * index, so two simultaneous requests cannot both succeed. After commit: the bell, the push and `ride.changed`, and dispatch starts looking.
 */
export async function requestRide(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'usage' | 'quoteKey' | 'logger'> & {
    routing: RoutingProvider;
    dispatcher: RideDispatcher;
    zones: ZoneLocator;
    surge: SurgeEngine;
    payments: PaymentProvider | null;
  },
  riderId: string,
  input: RideRequest,
) {
  // Each ride booked starts dispatch: a rider books at most so many in a while (refused ones do not count).
  return withinLimits([[services.usage.rideRequestPerUser, riderId]], 'TOO_MANY_RIDE_REQUESTS', () => bookRide(services, riderId, input));
}

async function bookRide(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'quoteKey' | 'logger'> & {
    routing: RoutingProvider;
    dispatcher: RideDispatcher;
    zones: ZoneLocator;
    surge: SurgeEngine;
    payments: PaymentProvider | null;
  },
  riderId: string,
  input: RideRequest,
) {
  const { db } = services;
  // The zones' rules: a pickup in a service area, a destination in no restricted zone.
  const { city, pricing_zone } = await checkTrip(services.zones, input);
  const requestedAt = new Date();
  const surgeTenths = await lockedSurge(services, input, pricing_zone, requestedAt);
  const pricing = await policyInForce(db, city.id, pricing_zone?.id ?? null, input.ride_type, requestedAt);
  // The city is served, not with this ride type: a different refusal from the pickup's, in other words.
  if (!pricing) throw domainError('RIDE_TYPE_UNAVAILABLE', `${RIDE_TYPE_NAMES[input.ride_type]} is not available here right now. Choose another ride type.`);
  // Routed outside the transaction: a slow routing server must not hold a database connection.
  const route = await services.routing.route(input.pickup, input.destination);
  const priced = priceTrip(pricing, city, { distance_m: route.distance_m, duration_s: route.duration_s, at: requestedAt, surge: surgeTenths / 10 });

  // Paying (decision 0038): wallet credit first, then the card authorised for the rest of fare + owed fees,
  // before anything is written and outside any transaction; a declined card refuses the request here.
  const rideId = randomUUID();
  if (input.payment_method === 'card') {
    // No hold for a request the one-active-ride rule refuses anyway (the index still decides a race).
    const active = await db.selectFrom('rides').select('id').where('rider_id', '=', riderId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirst();
    if (active) throw domainError('ACTIVE_RIDE_EXISTS');
  }
  // A promo code (decision 0063): checked here with the one rule the backtest replays (a business ride takes
  // none: BUSINESS_NO_PROMO), reserved in the transaction; the rider pays fare − discount.
  const promo = await checkPromoForRequest(db, riderId, input.promo_code, {
    city_id: city.id,
    zone_id: pricing_zone?.id ?? null,
    ride_type: input.ride_type,
    fare_cents: priced.breakdown.total_cents,
    business: input.payment_method === 'business',
  });
  // On a company's account (decision 0067): the policy checked here (a clear refusal, nothing written) and again
  // under the company's lock in the transaction. No promo code (refused above), no wallet, no card, no owed fees
  // carried: the company pays the fare, and only the fare.
  const business = await checkBusinessRequest(db, riderId, input, {
    ride_type: input.ride_type,
    fare_cents: priced.breakdown.total_cents,
    at: requestedAt,
    pickup: input.pickup,
    city_id: city.id,
  });
  const total = priced.breakdown.total_cents - (promo?.discount_cents ?? 0) + (business ? 0 : await owedFeeCents(db, riderId));
  const payment: PreparedPayment =
    input.payment_method === 'business'
      ? { wallet_cents: 0, card_id: null, hold: null }
      : await prepareRidePayment(
          services,
          riderId,
          { ...input, payment_method: input.payment_method },
          { id: rideId, currency: city.currency, total_cents: total, city_id: city.id },
        );

  let result;
  try {
    result = await db.transaction().execute(async (trx) => {
      // Checked under a share lock on the profile: a block committing now waits for this request, or
      // this request sees the block.
      const profile = await trx.selectFrom('profiles').select('blocked_at').where('id', '=', riderId).forShare().executeTakeFirst();
      if (profile?.blocked_at) throw domainError('ACCOUNT_BLOCKED');
      const ride = await trx
        .insertInto('rides')
        .values({
          id: rideId,
          city_id: city.id,
          rider_id: riderId,
          ride_type: input.ride_type,
          status: 'requested',
          pickup_lat: input.pickup.lat,
          pickup_lng: input.pickup.lng,
          pickup_label: input.pickup.label ?? null,
          dropoff_lat: input.destination.lat,
          dropoff_lng: input.destination.lng,
          dropoff_label: input.destination.label ?? null,
          distance_m: route.distance_m,
          duration_s: route.duration_s,
          fare_cents: priced.breakdown.total_cents,
          currency: city.currency,
          payment_method: input.payment_method,
          company_id: business?.company_id ?? null,
          expense_code: business?.expense_code ?? null,
          payment_card_id: payment.card_id,
          wallet_cents: payment.wallet_cents,
          // Four digits, leading zeros kept: the rider reads it out, the driver types it to start the trip.
          pin: String(randomInt(0, 10_000)).padStart(4, '0'),
          // The whole credential of the public link: 256 bits, unguessable.
          share_token: randomBytes(32).toString('base64url'),
          // Set here, in milliseconds, rather than by now() in microseconds: the history's keyset cursor
          // carries a JavaScript date, which must compare equal to the stored value.
          requested_at: requestedAt,
          dispatch_deadline: new Date(requestedAt.getTime() + services.dispatcher.options.searchTimeoutMs),
          // The prices as quoted (the policy version, its rates, the multipliers): the receipt itemises from
          // them whatever the city's policies become.
          // With the pickup's pricing zone, which its surge and its cancellation terms key on (decision 0035).
          pricing: JSON.stringify({ ...priced.snapshot, pickup_zone_id: pricing_zone?.id ?? null }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The company row is locked after the ride (decision 0021's order), before any payment row.
      await holdBusinessRide(trx, ride, business);
      const carried = business ? ride : await reserveRidePromotion(trx, await carryOwedFees(trx, riderId, ride), promo);
      await recordRidePayment(trx, services, carried, payment);
      const notification = await createNotification(trx, services, {
        user_id: riderId,
        booking_id: carried.id,
        ...riderNotice.requested(RIDE_TYPE_NAMES[carried.ride_type]),
      });
      return { ride: carried, notification };
    });
  } catch (err) {
    // Nothing was booked: a card hold made for it is let go.
    await releaseUnbooked(services, rideId, payment);
    if (isUniqueViolation(err, ONE_ACTIVE_RIDE_INDEX)) throw domainError('ACTIVE_RIDE_EXISTS');
    throw err;
  }

  await announceRideChange(services, { ride: result.ride, notifications: [result.notification] });
  services.dispatcher.kick(result.ride.id);
  return result.ride;
}

/**
 * Owed cancellation fees (decision 0033) and declined card captures (decision 0043) go onto the ride just
 * booked, in its transaction: the old rides and payments name it (`cancellation_fee_carried_to`,
 * `owed_carried_to`) and it carries their sum (`carried_fee_cents`), so an amount is owed once and carried
 * once; completing it credits the rider's owed account (line `carried_fee`). Lock order: the new ride
 * (inserted, so held) before the old ones and their payments, which no transition moves any more.
 */
async function carryOwedFees(trx: Parameters<typeof owedFees>[0], riderId: string, ride: RideRow): Promise<RideRow> {
  const owed = await owedFees(trx, riderId).forUpdate().execute();
  const captures = await owedCaptures(trx, riderId).forUpdate('p').execute();
  if (owed.length === 0 && captures.length === 0) return ride;
  if (owed.length > 0) {
    await trx
      .updateTable('rides')
      .set({ cancellation_fee_carried_to: ride.id })
      .where(
        'id',
        'in',
        owed.map((r) => r.id),
      )
      .execute();
  }
  if (captures.length > 0) {
    await trx
      .updateTable('payments')
      .set({ owed_carried_to: ride.id, updated_at: new Date() })
      .where(
        'id',
        'in',
        captures.map((p) => p.id),
      )
      .execute();
  }
  const total = owed.reduce((sum, r) => sum + (r.cancellation_fee_cents ?? 0), 0) + captures.reduce((sum, p) => sum + p.owed_cents, 0);
  return trx.updateTable('rides').set({ carried_fee_cents: total }).where('id', '=', ride.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * The surge multiplier (tenths) the ride is charged (decision 0035): the one its quote showed, when the
 * request carries that quote's lock, still valid, for the same pickup zone. Without one, the ride may go
 * ahead only while the zone is not surging; otherwise `QUOTE_EXPIRED` sends the rider back to the new fare,
 * so a price is never raised silently. A lock that has expired is refused even when surge is off: the rider
 * confirms the fare they will pay.
 */
async function lockedSurge(
  services: Pick<Ports, 'quoteKey'> & { surge: SurgeEngine },
  input: RideRequest,
  zone: { id: string; name: string } | null,
  now: Date,
): Promise<number> {
  const live = await services.surge.quoteFor(zone, now);
  if (input.quote_token === undefined) {
    if (live.multiplier_tenths !== 10) throw domainError('QUOTE_EXPIRED');
    return 10;
  }
  const lock = readQuoteLock(services.quoteKey, input.quote_token, input.pickup, now);
  if (!lock || lock.zone_id !== (zone?.id ?? null)) throw domainError('QUOTE_EXPIRED');
  return lock.multiplier_tenths;
}
