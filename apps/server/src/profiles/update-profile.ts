import type { profileUpdateSchema } from '@openride/shared/auth/schemas';
import { userChannel } from '@openride/shared/realtime';
import type { z } from 'zod';
import type { Ports } from '../ports';

/**
 * §7 profiles update, the caller's own row only: the name and the push token. The phone is not changed here:
 * only with a code sent to the new number (account/change-phone, decision 0058), so the schema refuses it.
 */
export async function updateProfile(services: Pick<Ports, 'db' | 'bus'>, userId: string, patch: z.infer<typeof profileUpdateSchema>) {
  const { phone: _never, ...fields } = patch;
  const profile = await services.db
    .updateTable('profiles')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', userId)
    .returning(['full_name', 'phone', 'push_token'])
    .executeTakeFirstOrThrow();
  // Other tabs and devices of this user refresh what they show.
  await services.bus.publish({ channel: userChannel(userId), event: 'profile.changed', data: { full_name: profile.full_name, phone: profile.phone } });
  return profile;
}
