import { monthStartIn } from '@openride/shared/corporate/policy';
import { type CompanyPolicy, DEFAULT_POLICY } from '@openride/shared/corporate/schemas';
import type { CompanyDetail, CompanyPolicyView, CompanyView } from '@openride/shared/corporate/views';
import { isUuid } from '@openride/shared/text';
import { ACTIVE_STATUSES } from '@openride/shared/rides/ride-state';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';

type Db = Kysely<DB>;

/** The `company` ledger account's balance: what the company owes (debit positive), from every entry on it. */
const owedExpr = sql<string>`coalesce((select sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = 'company' and a.owner_id = c.id::text), 0)`;

export function companyRows(db: Db) {
  return db
    .selectFrom('companies as c')
    .innerJoin('cities as ci', 'ci.id', 'c.city_id')
    .select([
      'c.id',
      'c.city_id',
      'ci.name as city_name',
      'ci.timezone as time_zone',
      'c.name',
      'c.billing_email',
      'c.billing_cycle',
      'c.credit_limit_cents',
      'c.currency',
      'c.status',
      'c.version',
      'c.created_at',
      sql<string>`(select count(*) from company_members m where m.company_id = c.id and m.status = 'active')`.as('members_count'),
      owedExpr.as('owed_cents'),
    ]);
}

type CompanyRow = Awaited<ReturnType<ReturnType<typeof companyRows>['executeTakeFirstOrThrow']>>;
export function companyView(row: CompanyRow): CompanyView {
  return { ...row, members_count: Number(row.members_count), owed_cents: Number(row.owed_cents), created_at: new Date(row.created_at).toISOString() };
}

export async function findCompany(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const row = await companyRows(db).where('c.id', '=', id).executeTakeFirst();
  return row ? companyView(row) : undefined;
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The company's policy, or the defaults (version 0) before its first save. */
export async function policyOf(db: Db, companyId: string): Promise<CompanyPolicyView> {
  const row = await db.selectFrom('company_policies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return { ...DEFAULT_POLICY, version: 0, updated_at: null };
  return {
    ride_types: row.ride_types,
    per_ride_limit_cents: row.per_ride_limit_cents,
    monthly_budget_cents: row.monthly_budget_cents,
    allowed_hours: parse<CompanyPolicy['allowed_hours']>(row.allowed_hours) ?? null,
    approved_addresses: parse<CompanyPolicy['approved_addresses']>(row.approved_addresses) ?? [],
    radius_m: row.radius_m,
    expense_code_required: row.expense_code_required,
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The caller's active membership of a company, if any (with the company's status). */
export function membershipOf(db: Db, companyId: string, userId: string) {
  if (!isUuid(companyId)) return Promise.resolve(undefined);
  return db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.role', 'm.monthly_budget_cents', 'c.status as company_status'])
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
}

/** Refuses anyone but an active company admin of this company (404 for a company that does not exist). */
export async function requireCompanyAdmin(db: Db, companyId: string, userId: string) {
  if (!isUuid(companyId)) throw notFound('Company not found');
  const exists = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!exists) throw notFound('Company not found');
  const m = await membershipOf(db, companyId, userId);
  if (!m || m.role !== 'admin') throw domainError('NOT_COMPANY_MEMBER');
}

/**
 * A member's business spending since `from`: the `fare_business` entries on the company's account of the rides
 * they took (the ledger, not the rides' fares), net of reversals on those lines.
 */
export async function spentSince(db: Db, companyId: string, from: Date, userIds?: string[]) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('rides as r', 'r.id', 't.ride_id')
    .select(['r.rider_id', sql<string>`sum(e.amount_cents)`.as('spent')])
    .where('a.code', '=', 'company')
    .where('a.owner_id', '=', companyId)
    .where('e.line', '=', 'fare_business')
    .where('e.created_at', '>=', from)
    .groupBy('r.rider_id');
  if (userIds) q = q.where('r.rider_id', 'in', userIds.length ? userIds : ['-']);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.rider_id, Number(r.spent)]));
}

/** Business rides not yet completed (requested … in progress): their fares are held against budget and credit. */
export async function inFlightCents(db: Db, companyId: string, riderId?: string, exceptRideId?: string) {
  let q = db
    .selectFrom('rides')
    .select(sql<string>`coalesce(sum(fare_cents), 0)`.as('held'))
    .where('company_id', '=', companyId)
    .where('status', 'in', ACTIVE_STATUSES);
  if (riderId) q = q.where('rider_id', '=', riderId);
  if (exceptRideId) q = q.where('id', '<>', exceptRideId);
  return Number((await q.executeTakeFirstOrThrow()).held);
}

/** The company's outstanding balance on its `company` account (what it owes now). */
export async function owedCents(db: Db, companyId: string) {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(sql<string>`coalesce(sum(e.amount_cents), 0)`.as('owed'))
    .where('a.code', '=', 'company')
    .where('a.owner_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

/** The budget that applies to a member: their own, else the policy's (null = none). */
export const budgetOf = (own: number | null, policy: Pick<CompanyPolicy, 'monthly_budget_cents'>) => own ?? policy.monthly_budget_cents;

/** What is left of a member's budget this month: ledger spending and their rides under way count. */
export async function budgetLeft(
  db: Db,
  company: { id: string; time_zone: string },
  userId: string,
  budget: number | null,
  now = new Date(),
  exceptRideId?: string,
) {
  if (budget === null) return null;
  const spent = (await spentSince(db, company.id, monthStartIn(now, company.time_zone), [userId])).get(userId) ?? 0;
  return budget - spent - (await inFlightCents(db, company.id, userId, exceptRideId));
}

/** A company with its policy, people (and their spending this month against their budget) and invitations. */
export async function companyDetail(db: Db, companyId: string, now = new Date()): Promise<CompanyDetail> {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  const policy = await policyOf(db, companyId);
  const monthStart = monthStartIn(now, company.time_zone);
  const people = await db
    .selectFrom('company_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.status', 'm.monthly_budget_cents', 'm.joined_at'])
    .where('m.company_id', '=', companyId)
    .orderBy('m.status')
    .orderBy(sql`lower(u.name)`)
    .execute();
  const spent = await spentSince(db, companyId, monthStart);
  const invitations = await db
    .selectFrom('company_invitations')
    .select(['id', 'email', 'role', 'status', 'expires_at', 'created_at'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .execute();
  return {
    company,
    policy,
    month_start: monthStart.toISOString(),
    members: people.map((p) => ({
      ...p,
      budget_cents: budgetOf(p.monthly_budget_cents, policy),
      spent_cents: spent.get(p.user_id) ?? 0,
      joined_at: new Date(p.joined_at).toISOString(),
    })),
    invitations: invitations.map((i) => ({
      ...i,
      expired: new Date(i.expires_at).getTime() <= now.getTime(),
      expires_at: new Date(i.expires_at).toISOString(),
      created_at: new Date(i.created_at).toISOString(),
    })),
  };
}

/** The caller's active memberships in companies, with what /book-ride needs to offer Business. */
export async function myCompanies(db: Db, userId: string) {
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .leftJoin('company_policies as p', 'p.company_id', 'c.id')
    .select([
      'c.id as company_id',
      'c.name',
      'c.city_id',
      'c.currency',
      'm.role',
      'c.status as company_status',
      sql<boolean>`coalesce(p.expense_code_required, false)`.as('expense_code_required'),
    ])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .orderBy(sql`lower(c.name)`)
    .execute();
  return rows;
}
