import { accountText } from '@openride/shared/account/account-text';
import { savedPlaceKindParamsSchema, savedPlaceSchema } from '@openride/shared/account/schemas';
import { notFound } from '../lib/errors';
import { placesOf } from './account.repo';
import type { Ports } from '../ports';

/** Set Home or Work (one of each per user; setting it again replaces it). Answers the caller's places. */
export async function savePlace(services: Pick<Ports, 'db'>, userId: string, rawKind: unknown, raw: unknown) {
  const { kind } = savedPlaceKindParamsSchema.parse(rawKind);
  const place = savedPlaceSchema.parse(raw);
  await services.db
    .insertInto('saved_places')
    .values({ user_id: userId, kind, ...place })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ ...place, updated_at: new Date() }))
    .execute();
  return { places: await placesOf(services.db, userId) };
}

/** Forget Home or Work; 404 when it was not set. */
export async function removePlace(services: Pick<Ports, 'db'>, userId: string, rawKind: unknown) {
  const { kind } = savedPlaceKindParamsSchema.parse(rawKind);
  const gone = await services.db.deleteFrom('saved_places').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  if (gone.numDeletedRows === 0n) throw notFound(accountText.places.notSet);
  return { places: await placesOf(services.db, userId) };
}
