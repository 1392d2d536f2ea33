import { accountText } from '@openride/shared/account/account-text';
import type { accountProfileUpdateSchema } from '@openride/shared/account/schemas';
import { userChannel } from '@openride/shared/realtime';
import type { z } from 'zod';
import { findFile } from '../files/files.repo';
import { badRequest, notFound } from '../lib/errors';
import type { Ports } from '../ports';

/**
 * The caller's name and/or profile photo. The photo is a `profile_avatar` file the caller uploaded; another
 * user's file answers as one that does not exist (404), a file of another purpose or a PDF is 400. The name
 * is also the account's (better-auth's `user.name`), so the session says the same once it is refreshed.
 */
export async function updateAccountProfile(services: Pick<Ports, 'db' | 'bus'>, userId: string, patch: z.infer<typeof accountProfileUpdateSchema>) {
  const { db } = services;
  const profile = await db.transaction().execute(async (trx) => {
    if (patch.avatar_file_id) {
      const file = await findFile(trx, patch.avatar_file_id);
      if (!file || file.owner_id !== userId || file.deleted_at) throw notFound(accountText.profile.photoNotOwn);
      if (file.purpose !== 'profile_avatar' || !file.content_type.startsWith('image/')) throw badRequest(accountText.profile.photoNotOwn);
    }
    if (patch.full_name !== undefined) await trx.updateTable('user').set({ name: patch.full_name, updatedAt: new Date() }).where('id', '=', userId).execute();
    return trx
      .updateTable('profiles')
      .set({
        ...(patch.full_name !== undefined ? { full_name: patch.full_name } : {}),
        ...(patch.avatar_file_id !== undefined ? { avatar_file_id: patch.avatar_file_id } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .returning(['full_name', 'phone'])
      .executeTakeFirstOrThrow();
  });
  await services.bus.publish({ channel: userChannel(userId), event: 'profile.changed', data: { full_name: profile.full_name, phone: profile.phone } });
}
