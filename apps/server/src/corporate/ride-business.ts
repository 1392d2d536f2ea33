import { checkPolicy, POLICY_REFUSAL_CODES } from '@openride/shared/corporate/policy';
import type { BusinessCheck } from '@openride/shared/corporate/views';
import type { RideRequest, RideType } from '@openride/shared/rides/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { AppError, domainError, notFound } from '../lib/errors';
import { budgetLeft, budgetOf, findCompany, inFlightCents, membershipOf, owedCents, policyOf } from './corporate.repo';

/**
 * Business rides (decision 0067): the rules a ride on a company's account must meet, checked before requesting
 * (`checkBusinessTrip`, what /book-ride shows per ride type), again before the booking's transaction
 * (`checkBusinessRequest`, without a lock: a clear refusal before routing a card or writing anything) and, for
 * good, in the booking's transaction (`holdBusinessRide`) under the company's row lock, taken after the ride's
 * (decision 0021's order: the ride row → … → the company row), so simultaneous requests are counted one after
 * the other against the member's budget and the company's credit limit.
 */
type Trip = { ride_type: RideType; fare_cents: number; at: Date; pickup: { lat: number; lng: number }; city_id: string };

async function contextOf(db: Kysely<DB>, companyId: string, userId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  const member = await membershipOf(db, companyId, userId);
  if (!member) throw domainError('NOT_COMPANY_MEMBER');
  if (company.status !== 'active') throw domainError('COMPANY_SUSPENDED');
  const policy = await policyOf(db, companyId);
  return { company, member, policy };
}

type Context = Awaited<ReturnType<typeof contextOf>>;

function verdict(ctx: Context, trip: Omit<Trip, 'city_id'>, left: number | null) {
  return checkPolicy(ctx.policy, {
    company_name: ctx.company.name,
    currency: ctx.company.currency,
    time_zone: ctx.company.time_zone,
    budget_left_cents: left,
    ...trip,
  });
}

/** Before requesting: per ride type, allowed or the reason (the fares are the quote's: the request prices again). */
export async function checkBusinessTrip(
  db: Kysely<DB>,
  userId: string,
  companyId: string,
  input: { pickup: { lat: number; lng: number }; fares: { ride_type: RideType; fare_cents: number }[] },
  now = new Date(),
): Promise<BusinessCheck> {
  const ctx = await contextOf(db, companyId, userId);
  const left = await budgetLeft(db, ctx.company, userId, budgetOf(ctx.member.monthly_budget_cents, ctx.policy), now);
  return {
    company_name: ctx.company.name,
    expense_code_required: ctx.policy.expense_code_required,
    options: input.fares.map((f) => {
      const v = verdict(ctx, { ride_type: f.ride_type, fare_cents: f.fare_cents, at: now, pickup: input.pickup }, left);
      return v.allowed
        ? { ride_type: f.ride_type, allowed: true, reason: null, note: v.note }
        : { ride_type: f.ride_type, allowed: false, reason: v.reason, note: null };
    }),
  };
}

export type BusinessPlan = { company_id: string; expense_code: string | null } | null;

/** The request's checks, outside any transaction; null for a ride not on account. Nothing is written. */
export async function checkBusinessRequest(
  db: Kysely<DB>,
  userId: string,
  input: Pick<RideRequest, 'payment_method' | 'company_id' | 'expense_code'>,
  trip: Trip,
): Promise<BusinessPlan> {
  if (input.payment_method !== 'business') return null;
  if (!input.company_id || !isUuid(input.company_id)) throw notFound('Company not found');
  const ctx = await contextOf(db, input.company_id, userId);
  check(ctx, trip, input.expense_code, await budgetLeft(db, ctx.company, userId, budgetOf(ctx.member.monthly_budget_cents, ctx.policy), trip.at));
  return { company_id: input.company_id, expense_code: input.expense_code ?? null };
}

function check(ctx: Context, trip: Trip, expenseCode: string | undefined | null, left: number | null) {
  if (trip.city_id !== ctx.company.city_id)
    throw new AppError('BUSINESS_PICKUP_NOT_APPROVED', `${ctx.company.name}’s account is for rides in ${ctx.company.city_name}.`);
  if (ctx.policy.expense_code_required && !expenseCode) throw domainError('BUSINESS_EXPENSE_CODE_REQUIRED');
  const v = verdict(ctx, trip, left);
  if (!v.allowed) throw new AppError(POLICY_REFUSAL_CODES[v.refusal], v.reason);
}

/**
 * In the booking's transaction, the ride inserted (so locked): the company row `for no key update`, then every rule
 * again with the budget and credit read under that lock. Other business rides under way count (this one aside),
 * so N simultaneous requests with budget for two book exactly two. A throw rolls the booking back.
 */
export async function holdBusinessRide(trx: Kysely<DB>, ride: Selectable<RidesTable>, plan: BusinessPlan) {
  if (!plan) return;
  // `for no key update`, not `for update`: inserting the ride took a key-share lock on the company row (the
  // rides.company_id foreign key), and two bookings each holding one while asking for `for update` deadlock
  // (PostgreSQL aborted all but one of 8 racing requests). No key update still queues the bookings one by one.
  await trx.selectFrom('companies').select('id').where('id', '=', plan.company_id).forNoKeyUpdate().executeTakeFirstOrThrow();
  const ctx = await contextOf(trx, plan.company_id, ride.rider_id);
  const at = new Date(ride.requested_at);
  const trip: Trip = {
    ride_type: ride.ride_type,
    fare_cents: ride.fare_cents,
    at,
    pickup: { lat: ride.pickup_lat, lng: ride.pickup_lng },
    city_id: ride.city_id,
  };
  check(ctx, trip, plan.expense_code, await budgetLeft(trx, ctx.company, ride.rider_id, budgetOf(ctx.member.monthly_budget_cents, ctx.policy), at, ride.id));
  const exposure = (await owedCents(trx, plan.company_id)) + (await inFlightCents(trx, plan.company_id, undefined, ride.id)) + ride.fare_cents;
  if (exposure > ctx.company.credit_limit_cents) throw domainError('BUSINESS_CREDIT_LIMIT');
}
