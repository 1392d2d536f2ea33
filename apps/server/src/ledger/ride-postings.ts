import { percentOf } from '@openride/shared/ledger/accounts';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { financialSettingsAt } from './financial-settings.repo';
import { type AccountRef, post, type Posting } from './ledger';

type Ride = Selectable<RidesTable>;

/** How the rider paid what the ride cost (fare + carried fees): card and wallet parts; the rest is cash. */
export type RidePayment = { card_cents?: number; wallet_cents?: number };

/**
 * The split of a completed ride's fare (decision 0037): the booking fee is the platform's; commission is the
 * city's rate for the ride type on the rest, rounded half up; tax on the commission is added to it; the
 * driver earns what remains. Surge is part of the fare, so it is split like the rest.
 */
export function splitFare(fareCents: number, bookingFeeCents: number, commissionBp: number, taxBp: number) {
  const bookingFee = Math.min(Math.max(0, bookingFeeCents), fareCents);
  const commission = percentOf(fareCents - bookingFee, commissionBp);
  const tax = percentOf(commission, taxBp);
  const driver = fareCents - bookingFee - commission - tax;
  return { booking_fee_cents: bookingFee, commission_cents: commission, tax_cents: tax, driver_cents: driver };
}

const bookingFeeOf = (ride: Ride) => {
  const p = (typeof ride.pricing === 'string' ? JSON.parse(ride.pricing) : ride.pricing) as { booking_fee_cents?: number } | null;
  return p?.booking_fee_cents ?? 0;
};

/**
 * Posts a completed ride, in the transaction that completed it (key `ride:<id>:completed`, so a repeat posts
 * nothing). The rider's payment (fare + owed fees carried to this ride) comes in by method — cash in the
 * driver's hand is a debit to the driver's account — and the fare is split between the driver's earnings,
 * commission, the booking fee and tax. For an all-cash ride the driver's account ends up owing the platform's
 * share: the common case, first-class.
 */
export async function postRideCompleted(trx: Kysely<DB>, ride: Ride, payment: RidePayment = {}) {
  if (!ride.driver_id) throw new Error('ledger: a completed ride has a driver');
  const settings = await financialSettingsAt(trx, ride.city_id, ride.completed_at ? new Date(ride.completed_at) : new Date());
  const split = splitFare(ride.fare_cents, bookingFeeOf(ride), settings.commission_bp[ride.ride_type] ?? 0, settings.tax_rate_bp);
  const carried = ride.carried_fee_cents ?? 0;
  // A promo code's discount (decision 0063) is paid by the platform (expense `promotions`, line `promotion`), not the rider.
  const promo = ride.promo_discount_cents ?? 0;
  const total = ride.fare_cents + carried;
  const card = payment.card_cents ?? 0;
  const wallet = payment.wallet_cents ?? 0;
  // A business ride (decision 0066): the company owes what the rider would have paid; the driver collects nothing.
  const business = ride.payment_method === 'business' ? total - promo - card - wallet : 0;
  if (ride.payment_method === 'business' && !ride.company_id) throw new Error(`ledger: business ride ${ride.id} has no company`);
  const cash = total - promo - card - wallet - business;
  if (cash < 0 || card < 0 || wallet < 0) throw new Error(`ledger: ride ${ride.id} paid ${card} by card and ${wallet} by wallet, more than ${total}`);
  const driver: AccountRef = { code: 'driver', owner: ride.driver_id };
  const entries: Posting[] = [
    { account: driver, line: 'fare_cash', amount_cents: cash },
    { account: { code: 'processor_clearing' }, line: 'fare_card', amount_cents: card },
    ...(business > 0 ? [{ account: { code: 'company', owner: ride.company_id! } as AccountRef, line: 'fare_business' as const, amount_cents: business }] : []),
    { account: { code: 'rider_wallet', owner: ride.rider_id }, line: 'fare_wallet', amount_cents: wallet },
    { account: { code: 'rider_owed', owner: ride.rider_id }, line: 'carried_fee', amount_cents: -carried },
    { account: { code: 'promotions' }, line: 'promotion', amount_cents: promo },
    { account: driver, line: 'driver_earnings', amount_cents: -split.driver_cents },
    { account: { code: 'commission' }, line: 'commission', amount_cents: -split.commission_cents },
    { account: { code: 'booking_fees' }, line: 'booking_fee', amount_cents: -split.booking_fee_cents },
    { account: { code: 'tax_payable' }, line: 'tax', amount_cents: -split.tax_cents },
  ];
  return post(trx, {
    kind: 'ride.completed',
    key: `ride:${ride.id}:completed`,
    currency: ride.currency,
    city_id: ride.city_id,
    ride_id: ride.id,
    memo: {
      ...split,
      fare_cents: ride.fare_cents,
      carried_fee_cents: carried,
      promo_discount_cents: promo,
      cash_cents: cash,
      card_cents: card,
      business_cents: business,
      wallet_cents: wallet,
      commission_bp: settings.commission_bp[ride.ride_type] ?? 0,
      tax_rate_bp: settings.tax_rate_bp,
      settings_version: settings.version,
    },
    entries,
  });
}

/**
 * Posts a cancellation or no-show fee the cancel recorded (not waived), in the cancel's transaction (key
 * `ride:<id>:cancellation_fee`). The rider owes it (it is carried to their next ride) — or, for a card ride
 * whose hold covers it, it is captured from the hold (`paidBy: 'card'`, processor clearing); the driver's share is
 * credited to the driver; the rest is the platform's fee revenue.
 */
export async function postCancellationFee(trx: Kysely<DB>, ride: Ride, opts: { paidBy?: 'owed' | 'card' } = {}) {
  const fee = ride.cancellation_fee_cents ?? 0;
  if (fee <= 0 || ride.cancellation_fee_waived) return null;
  const share = ride.driver_id ? Math.min(fee, Math.max(0, ride.cancellation_fee_driver_share_cents ?? 0)) : 0;
  return post(trx, {
    kind: 'ride.cancellation_fee',
    key: `ride:${ride.id}:cancellation_fee`,
    currency: ride.currency,
    city_id: ride.city_id,
    ride_id: ride.id,
    memo: { reason: ride.cancellation_fee_reason, fee_cents: fee, driver_share_cents: share, paid_by: opts.paidBy ?? 'owed' },
    entries: [
      // A card rider's fee is captured from the ride's hold (decision 0038): it comes in through the processor.
      opts.paidBy === 'card'
        ? { account: { code: 'processor_clearing' }, line: 'cancellation_fee', amount_cents: fee }
        : { account: { code: 'rider_owed', owner: ride.rider_id }, line: 'cancellation_fee', amount_cents: fee },
      ...(ride.driver_id
        ? [{ account: { code: 'driver', owner: ride.driver_id } as AccountRef, line: 'cancellation_fee_driver' as const, amount_cents: -share }]
        : []),
      { account: { code: 'booking_fees' }, line: 'cancellation_fee', amount_cents: -(fee - share) },
    ],
  });
}
