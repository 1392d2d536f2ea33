import type { Kysely, Transaction } from 'kysely';
import { type AuditInput, recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';

/** A version's state as an admin reads it: in force now, waiting for its date, or replaced by a later one. */
export type VersionState = 'in_force' | 'scheduled' | 'superseded';

/**
 * The one way a city's versioned settings get their next version (fare policies, financial settings,
 * cancellation policies; issue 28 §4, decisions 0032 and 0087): old versions are never changed, so a ride
 * priced, posted or charged a cancellation fee under one keeps it.
 *
 * - The effective date may lag the clock by `pastToleranceMs` (a form filled in a minute ago), and is then taken
 *   as now: a version never applies to the past. Further back is refused with `words.effectiveInPast`.
 * - One transaction takes the city row first (so two admins' versions get distinct numbers), runs the
 *   settings' own checks, reads the latest version of the scope, inserts version + 1, and writes the audit row
 *   with the version it follows as `before`, so the audit commits with the version.
 * - Settings whose versions start when saved may say that a change which changes nothing is none
 *   (`unchanged`): no version, no audit, and the latest version answers (as in force); and may audit only the
 *   fields a version changed (`audit.changedOnly`), as their log always read.
 */
export async function addSettingsVersion<Row extends { version: number }, View, Latest extends { version: number } = Row>(
  db: Kysely<DB>,
  spec: {
    adminId: string;
    cityId: string;
    /** The date the admin asked for (ISO), or none for now. */
    effectiveFrom: string | null | undefined;
    now: Date;
    pastToleranceMs: number;
    words: { effectiveInPast: string; cityNotFound: string };
    /** The settings' own checks inside the transaction (a zone that belongs to the city, say). */
    check?: (trx: Transaction<DB>) => Promise<void>;
    /** The latest version of the same scope, if any. */
    latest: (trx: Transaction<DB>) => Promise<Latest | undefined>;
    /** True when the latest version already holds what was asked: nothing is written. */
    unchanged?: (latest: Latest) => boolean;
    insert: (trx: Transaction<DB>, next: { version: number; effectiveFrom: Date }) => Promise<Row>;
    view: (row: Row | Latest, state: VersionState) => View;
    audit: {
      action: AuditInput['action'];
      entityType: string;
      entityId: (view: View) => string;
      fields: (view: View) => Record<string, unknown>;
      scope: Record<string, unknown>;
      reason: string | null;
      /** Before and after hold only the fields whose values differ. */
      changedOnly?: boolean;
    };
  },
): Promise<View> {
  const { now } = spec;
  const asked = spec.effectiveFrom ? new Date(spec.effectiveFrom) : now;
  if (asked.getTime() < now.getTime() - spec.pastToleranceMs) throw badRequest(spec.words.effectiveInPast);
  const effectiveFrom = asked < now ? now : asked;

  return inTransaction(db, async (trx) => {
    const city = await trx.selectFrom('cities').select('id').where('id', '=', spec.cityId).forNoKeyUpdate().executeTakeFirst();
    if (!city) throw notFound(spec.words.cityNotFound);
    await spec.check?.(trx);
    const previous = await spec.latest(trx);
    if (previous && spec.unchanged?.(previous)) return spec.view(previous, 'in_force');
    const row = await spec.insert(trx, { version: (previous?.version ?? 0) + 1, effectiveFrom });
    const created = spec.view(row, effectiveFrom > now ? 'scheduled' : 'in_force');
    let before = previous ? spec.audit.fields(spec.view(previous, 'superseded')) : null;
    let after = spec.audit.fields(created);
    if (before && spec.audit.changedOnly) {
      const was = before;
      const changed = Object.keys(after).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(after[k]));
      before = Object.fromEntries(changed.map((k) => [k, was[k]]));
      after = Object.fromEntries(changed.map((k) => [k, after[k]]));
    }
    await recordAudit(trx, {
      actorId: spec.adminId,
      action: spec.audit.action,
      entityType: spec.audit.entityType,
      entityId: spec.audit.entityId(created),
      before,
      after: { ...spec.audit.scope, ...after },
      reason: spec.audit.reason,
      cityId: spec.cityId,
    });
    return created;
  });
}
