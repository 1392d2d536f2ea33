import type { AcceptLegalInput } from '@openride/shared/legal/schemas';
import type { LegalStatus } from '@openride/shared/legal/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { isAdmin } from '../roles/roles.repo';
import { acceptedLegalVersions, currentLegalVersions } from './legal.repo';

/**
 * GET /api/legal/status: the user must agree again when a current version is newer than the one they
 * accepted, or when they never accepted one. Admins are never asked: they publish the documents.
 */
export async function getLegalStatus(db: Kysely<DB>, userId: string): Promise<LegalStatus> {
  const [current, accepted, admin] = await Promise.all([currentLegalVersions(db), acceptedLegalVersions(db, userId), isAdmin(db, userId)]);
  const behind = (['terms', 'privacy'] as const).some((kind) => (accepted[kind] ?? 0) < current[kind]);
  return { current, accepted, needs_acceptance: !admin && behind };
}

/**
 * POST /api/legal/accept: records the user's agreement to the versions they read. Both must be the ones in
 * force, read in the same transaction as the insert: a version published meanwhile is a 409 (read it first).
 * Accepting a version again changes nothing.
 */
export async function acceptLegalDocuments(db: Kysely<DB>, userId: string, input: AcceptLegalInput): Promise<LegalStatus> {
  await inTransaction(db, async (trx) => {
    const current = await currentLegalVersions(trx);
    if (current.terms !== input.terms_version || current.privacy !== input.privacy_version) {
      throw new AppError('CONFLICT', 'A newer version of the Terms of Service or the Privacy Policy was published. Please read it and agree again.');
    }
    await trx
      .insertInto('legal_acceptances')
      .values([
        { user_id: userId, kind: 'terms', version: input.terms_version },
        { user_id: userId, kind: 'privacy', version: input.privacy_version },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return getLegalStatus(db, userId);
}
