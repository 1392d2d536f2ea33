import type { AuditAction } from '@openride/shared/admin/audit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type AuditInput = {
  /** The admin who made the change (the session's user id, never the request body's). */
  actorId: string;
  action: AuditAction;
  entityType: string;
  entityId: string;
  /** Only the fields the change touched, as they were and as they are: the log reads as a diff. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
};

/**
 * Record an admin's change. `trx` must be the transaction that makes the change: the record commits
 * with it or rolls back with it, so the log never claims a change that did not happen, nor misses one.
 */
export async function recordAudit(trx: Kysely<DB>, input: AuditInput) {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: input.actorId,
      action: input.action,
      entity_type: input.entityType,
      entity_id: input.entityId,
      before: input.before === null ? null : JSON.stringify(input.before),
      after: input.after === null ? null : JSON.stringify(input.after),
      reason: input.reason ?? null,
    })
    .execute();
}
