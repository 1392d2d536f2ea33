import { PROMOTION_MACHINE } from '@openride/shared/promotions/promotion-state';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { promotionRows, promotionView } from './promotions.repo';
import { move } from '../lib/move';

/**
 * Launch (active) or pause a promotion, under its row lock (a reservation waits or sees the new status);
 * audited `promotion.status` with the stored status before and after; a change is a new version (an edit opened
 * before it is refused as stale, decision 0068). Setting the status it has changes nothing.
 */
export async function setPromotionStatus(db: Kysely<DB>, adminId: string, id: string, status: 'active' | 'paused') {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Promotion not found');
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('promotions').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Promotion not found');
    if (before.status !== status) {
      await move(trx, PROMOTION_MACHINE, {
        table: 'promotions',
        id,
        to: status,
        actor: 'admin',
        set: { version: sql<number>`version + 1`, updated_at: new Date() },
      });
      await recordAudit(trx, { actorId: adminId, action: 'promotion.status', entityType: 'promotion', entityId: id, before, after: { status } });
    }
    return promotionView(await promotionRows(trx).where('p.id', '=', id).executeTakeFirstOrThrow());
  });
}
