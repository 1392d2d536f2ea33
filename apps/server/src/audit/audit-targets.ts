import { adminText } from '@openride/shared/admin/admin-text';
import { supportCategoryLabels } from '@openride/shared/support/categories';
import { ticketNumber } from '@openride/shared/support/schemas';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

const text = adminText.audit;
export type AuditTarget = { kind: string; label: string; href: string | null };
type Named = { id: string; label: string | null; href: string | null };

const enc = encodeURIComponent;
/**
 * Per kind of record: its name and console page for some ids, read now (decision 0075) — so a renamed city
 * reads its new name and a deleted person "Deleted user" (their rows are renamed by deletion, and nothing
 * else stores their name). Ids are compared as text: an entity id is any string.
 */
const RESOLVERS: Record<string, (db: Kysely<DB>, ids: string[]) => Promise<Named[]>> = {
  driver: async (db, ids) =>
    (
      await sql<{ id: string; label: string }>`select id::text as id, full_name as label from drivers where id::text in (${sql.join(ids)})`.execute(db)
    ).rows.map((r) => ({ ...r, href: `/driver/${enc(r.id)}` })),
  rider: (db, ids) => people(db, ids),
  user: (db, ids) => people(db, ids),
  ride: async (db, ids) =>
    (await sql<{ id: string }>`select id::text as id from rides where id::text in (${sql.join(ids)})`.execute(db)).rows.map((r) => ({
      id: r.id,
      label: text.shortRef(text.kinds.ride!, r.id),
      href: `/booking-management/${enc(r.id)}`,
    })),
  sos_alert: async (db, ids) =>
    (
      await sql<{ id: string; ride_id: string }>`select id::text as id, ride_id::text as ride_id from sos_alerts where id::text in (${sql.join(ids)})`.execute(
        db,
      )
    ).rows.map((r) => ({ id: r.id, label: text.sosOnRide(r.ride_id), href: `/booking-management/${enc(r.ride_id)}` })),
  support_ticket: async (db, ids) =>
    (await sql<{ id: string; number: number }>`select id::text as id, number from support_tickets where id::text in (${sql.join(ids)})`.execute(db)).rows.map(
      (r) => ({ id: r.id, label: ticketNumber(r.number), href: `/support-tickets?ticket=${enc(r.id)}` }),
    ),
  promotion: async (db, ids) =>
    (await sql<Named>`select id::text as id, code as label, '/promo-codes' as href from promotions where id::text in (${sql.join(ids)})`.execute(db)).rows,
  city: async (db, ids) =>
    (await sql<Named>`select id::text as id, name as label, '/geofence-management' as href from cities where id::text in (${sql.join(ids)})`.execute(db)).rows,
  zone: async (db, ids) =>
    (await sql<Named>`select id::text as id, name as label, '/geofence-management' as href from zones where id::text in (${sql.join(ids)})`.execute(db)).rows,
  city_place: async (db, ids) =>
    (await sql<Named>`select id::text as id, name as label, '/geofence-management' as href from city_places where id::text in (${sql.join(ids)})`.execute(db))
      .rows,
  company: async (db, ids) =>
    (await sql<Named>`select id::text as id, name as label, '/corporate-accounts' as href from companies where id::text in (${sql.join(ids)})`.execute(db))
      .rows,
  corporate_invoice: async (db, ids) =>
    (
      await sql<{ id: string; label: string }>`select id::text as id, number as label from corporate_invoices where id::text in (${sql.join(ids)})`.execute(db)
    ).rows.map((r) => ({ ...r, href: `/corporate-accounts/invoices/${enc(r.id)}` })),
  refund_request: async (db, ids) =>
    (
      await sql<{
        id: string;
        ride_id: string;
      }>`select id::text as id, ride_id::text as ride_id from refund_requests where id::text in (${sql.join(ids)})`.execute(db)
    ).rows.map((r) => ({ id: r.id, label: text.refundForRide(r.ride_id), href: `/refund-management/${enc(r.id)}` })),
  // A driver's car and papers: named by the driver, on the driver's page.
  vehicle: async (db, ids) =>
    (
      await sql<{
        id: string;
        label: string;
        driver_id: string;
      }>`select v.id::text as id, d.full_name || ' · ' || v.make || ' ' || v.model as label, v.driver_id::text as driver_id from vehicles v join drivers d on d.id = v.driver_id where v.id::text in (${sql.join(ids)})`.execute(
        db,
      )
    ).rows.map((r) => ({ id: r.id, label: r.label, href: `/driver/${enc(r.driver_id)}` })),
  driver_document: (db, ids) => ofDriver(db, 'driver_documents', ids),
  insurance_policy: (db, ids) => ofDriver(db, 'insurance_policies', ids),
  payout_item: (db, ids) => ofDriver(db, 'payout_items', ids),
  referral: async (db, ids) =>
    (
      await sql<Named>`select r.id::text as id, coalesce(p.full_name, u.name) as label, '/referrals' as href from referrals r left join "user" u on u.id = r.referee_id left join profiles p on p.id = r.referee_id where r.id::text in (${sql.join(ids)})`.execute(
        db,
      )
    ).rows,
  faq_entry: async (db, ids) =>
    (
      await sql<Named>`select id::text as id, question as label, '/support-procedures?section=faq' as href from faq_entries where id::text in (${sql.join(ids)})`.execute(
        db,
      )
    ).rows,
  support_procedure: async (_db, ids) =>
    ids.map((id) => ({ id, label: supportCategoryLabels[id as keyof typeof supportCategoryLabels] ?? id, href: '/support-procedures' })),
};

/** Riders and accounts: the profile's name, else the account's; their page is the customer's. */
async function people(db: Kysely<DB>, ids: string[]) {
  const rows = await sql<{
    id: string;
    label: string;
  }>`select u.id, coalesce(nullif(p.full_name, ''), u.name) as label from "user" u left join profiles p on p.id = u.id where u.id in (${sql.join(ids)})`.execute(
    db,
  );
  return rows.rows.map((r) => ({ ...r, href: `/customer-management/${enc(r.id)}` }));
}

async function ofDriver(db: Kysely<DB>, table: 'driver_documents' | 'insurance_policies' | 'payout_items', ids: string[]) {
  const rows = await sql<{
    id: string;
    label: string;
    driver_id: string;
  }>`select t.id::text as id, d.full_name as label, d.id::text as driver_id from ${sql.table(table)} t join drivers d on d.id = t.driver_id where t.id::text in (${sql.join(ids)})`.execute(
    db,
  );
  return rows.rows.map((r) => ({ id: r.id, label: r.label, href: `/driver/${enc(r.driver_id)}` }));
}

/** Settings with one page and no name of their own. */
const PAGES: Record<string, string> = {
  payout_run: '/driver-payouts',
  referral_program: '/referrals',
  legal_document: '/legal',
  fare_policy: '/pricing-settings',
  financial_settings: '/financial-settings',
  cancellation_policy: '/cancellation-policies',
  ledger_transaction: '/financial-dashboard',
};

/**
 * Names what each audit entry acted on, with a link to its console page (issue 27): one query per kind of
 * record on the page. A record that no longer exists reads as its kind and short id, without a link.
 */
export async function auditTargets(db: Kysely<DB>, entries: readonly { entity_type: string; entity_id: string }[]): Promise<AuditTarget[]> {
  const byType = new Map<string, Set<string>>();
  for (const e of entries) (byType.get(e.entity_type) ?? byType.set(e.entity_type, new Set()).get(e.entity_type)!).add(e.entity_id);
  const found = new Map<string, Named>();
  for (const [type, ids] of byType) {
    const resolve = RESOLVERS[type];
    if (!resolve) continue;
    for (const named of await resolve(db, [...ids])) found.set(`${type}:${named.id}`, named);
  }
  return entries.map((e) => {
    const kind = text.kinds[e.entity_type] ?? e.entity_type.replaceAll('_', ' ');
    const named = found.get(`${e.entity_type}:${e.entity_id}`);
    if (named) return { kind, label: named.label || text.shortRef(kind, e.entity_id), href: named.href };
    const page = PAGES[e.entity_type];
    return { kind, label: text.shortRef(kind, e.entity_id), href: RESOLVERS[e.entity_type] ? null : (page ?? null) };
  });
}
