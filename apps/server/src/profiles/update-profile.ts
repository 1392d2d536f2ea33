import type { profileUpdateSchema } from '@openride/shared/auth/schemas';
import { userChannel } from '@openride/shared/realtime';
import type { z } from 'zod';
import type { Services } from '../http/context';
import { domainError } from '../lib/errors';
import { findPhoneConflict } from './find-phone-conflict';
import { phoneKey } from './phone-key';

/**
 * §7 profiles update, the caller's own row only. A new phone must not be another account's (the same
 * rule as sign-up), and it is no longer verified.
 */
export async function updateProfile(services: Pick<Services, 'db' | 'bus'>, userId: string, patch: z.infer<typeof profileUpdateSchema>) {
  const profile = await services.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('profiles').select('phone').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const phoneChanged = patch.phone !== undefined && phoneKey(patch.phone) !== phoneKey(current.phone ?? '');
    if (phoneChanged && patch.phone) {
      const conflict = await findPhoneConflict(trx, patch.phone, userId);
      if (conflict) throw domainError('PHONE_IN_USE', conflict);
    }
    return trx
      .updateTable('profiles')
      .set({ ...patch, ...(phoneChanged ? { phone_verified_at: null } : {}), updated_at: new Date() })
      .where('id', '=', userId)
      .returning(['full_name', 'phone', 'push_token'])
      .executeTakeFirstOrThrow();
  });
  // Other tabs and devices of this user refresh what they show.
  await services.bus.publish({ channel: userChannel(userId), event: 'profile.changed', data: { full_name: profile.full_name, phone: profile.phone } });
  return profile;
}
