import { accountText } from '@openride/shared/account/account-text';
import { contactIdParamsSchema, emergencyContactSchema, MAX_EMERGENCY_CONTACTS } from '@openride/shared/account/schemas';
import { sql } from 'kysely';
import { domainError, notFound } from '../lib/errors';
import { emergencyContactsOf } from './account.repo';
import { withDefaultCountry } from '../lib/phone-country';
import { otpPhoneOf } from '../otp/send-otp';
import type { Ports } from '../ports';

/**
 * Add an emergency contact (for SOS, issue 15). At most MAX_EMERGENCY_CONTACTS: the count and the insert run
 * under a per-user lock, so two adds at once cannot make a fourth.
 */
export async function addEmergencyContact(services: Pick<Ports, 'db' | 'env'>, userId: string, raw: unknown) {
  const input = emergencyContactSchema.parse(withDefaultCountry(raw, services.env.DEFAULT_COUNTRY));
  await services.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`emergency-contacts:${userId}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom('emergency_contacts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_EMERGENCY_CONTACTS) throw domainError('EMERGENCY_CONTACTS_FULL');
    await trx
      .insertInto('emergency_contacts')
      .values({ user_id: userId, name: input.name, phone: otpPhoneOf(input), relationship: input.relationship || null })
      .execute();
  });
  return { emergency_contacts: await emergencyContactsOf(services.db, userId) };
}

/** Remove one of the caller's contacts; another user's contact answers as one that does not exist (404). */
export async function removeEmergencyContact(services: Pick<Ports, 'db'>, userId: string, rawParams: unknown) {
  const { id } = contactIdParamsSchema.parse(rawParams);
  const gone = await services.db.deleteFrom('emergency_contacts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (gone.numDeletedRows === 0n) throw notFound(accountText.contacts.empty);
  return { emergency_contacts: await emergencyContactsOf(services.db, userId) };
}
