import type { AuditAction, auditLogQuerySchema } from '@openride/shared/admin/audit';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { type CityScope, cityCondition } from '../roles/city-scope';
import { auditTargets } from './audit-targets';

type Query = z.output<typeof auditLogQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'audit_log.created_at', type: 'timestamptz' } },
  id: { ref: 'audit_log.id', type: 'uuid' },
};

/**
 * The audit log, newest first by default; filter by the admin who acted and the kind, or search. Each entry
 * names what it acted on (`target`), read now from the record itself (decision 0075). A staff member's cities,
 * or the console's city among them (decision 0091): the entries about those cities, and those of no city
 * (staff, riders, the FAQ, the marketplace's settings: everyone's).
 */
export async function listAuditLog(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = db
    .selectFrom('audit_log')
    .leftJoin('user', 'user.id', 'audit_log.actor_id')
    .select((eb) => [
      'audit_log.id',
      'audit_log.actor_id',
      'user.name as actor_name',
      'user.email as actor_email',
      // A text column written by `recordAudit` only, whose `action` is an AuditAction.
      eb.ref('audit_log.action').$castTo<AuditAction>().as('action'),
      'audit_log.entity_type',
      'audit_log.entity_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.reason',
      'audit_log.created_at',
    ]);
  const inCities = cityCondition('audit_log.city_id', scope, query.city);
  if (inCities) rows = rows.where(sql<boolean>`(audit_log.city_id is null or ${inCities})`);
  if (query.actor_id) rows = rows.where('audit_log.actor_id', '=', query.actor_id);
  if (query.action) rows = rows.where('audit_log.action', '=', query.action);
  if (query.q) {
    const like = containsPattern(query.q);
    rows = rows.where((eb) =>
      eb.or([eb('audit_log.entity_id', 'ilike', like), eb('audit_log.reason', 'ilike', like), eb('user.name', 'ilike', like), eb('user.email', 'ilike', like)]),
    );
  }
  const page = await keysetPage(db, rows, spec, query);
  const targets = await auditTargets(db, page.items);
  return { ...page, items: page.items.map((item, i) => ({ ...item, target: targets[i]! })) };
}

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>['items'][number];

export const AUDIT_CSV: CsvColumn<AuditRow>[] = [
  { header: 'When', value: (r) => r.created_at },
  { header: 'Admin', value: (r) => r.actor_name ?? r.actor_id },
  { header: 'Admin email', value: (r) => r.actor_email },
  { header: 'Action', value: (r) => r.action },
  { header: 'Entity', value: (r) => r.entity_type },
  { header: 'Record', value: (r) => r.target.label },
  { header: 'Entity id', value: (r) => r.entity_id },
  { header: 'Before', value: (r) => r.before },
  { header: 'After', value: (r) => r.after },
  { header: 'Reason', value: (r) => r.reason },
];

/** One person's or thing's record in the audit log, newest first (a detail page's History). */
export async function auditHistoryOf(db: Kysely<DB>, entityType: string, entityId: string, limit = 50) {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('user', 'user.id', 'audit_log.actor_id')
    .select(['audit_log.action', 'user.name as actor_name', 'audit_log.reason', 'audit_log.created_at'])
    .where('audit_log.entity_type', '=', entityType)
    .where('audit_log.entity_id', '=', entityId)
    .orderBy('audit_log.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((h) => ({ action: h.action, actor_name: h.actor_name ?? null, reason: h.reason, created_at: new Date(h.created_at).toISOString() }));
}
