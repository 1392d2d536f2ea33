import { userChannel } from '@openride/shared/realtime';
import { recordAudit } from '../audit/record-audit';
import { notFound } from '../lib/errors';
import type { Ports } from '../ports';

/**
 * An admin blocks a rider's account (no new ride requests) or lifts the block, with a reason, audited in
 * the same transaction. A ride already under way is left to finish: its driver is not stranded, and the
 * rider is not left at the roadside.
 */
export async function setRiderBlocked(services: Pick<Ports, 'db' | 'bus'>, adminId: string, riderId: string, input: { blocked: boolean; reason: string }) {
  const profile = await services.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('profiles').select(['id', 'blocked_at', 'blocked_reason']).where('id', '=', riderId).forUpdate().executeTakeFirst();
    if (!existing) throw notFound('Rider not found');
    const updated = await trx
      .updateTable('profiles')
      .set({ blocked_at: input.blocked ? new Date() : null, blocked_reason: input.blocked ? input.reason : null, updated_at: new Date() })
      .where('id', '=', riderId)
      .returning(['id', 'blocked_at', 'blocked_reason'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: adminId,
      action: input.blocked ? 'rider.block' : 'rider.unblock',
      entityType: 'rider',
      entityId: riderId,
      before: { blocked: existing.blocked_at !== null, blocked_reason: existing.blocked_reason },
      after: { blocked: updated.blocked_at !== null, blocked_reason: updated.blocked_reason },
      reason: input.reason,
    });
    return updated;
  });
  // The rider's open tabs re-read who they are (and so whether they may book).
  await services.bus.publish({ channel: userChannel(riderId), event: 'profile.changed', data: { blocked: profile.blocked_at !== null } });
  return {
    id: profile.id,
    blocked: profile.blocked_at !== null,
    blocked_at: profile.blocked_at ? new Date(profile.blocked_at).toISOString() : null,
    blocked_reason: profile.blocked_reason,
  };
}
