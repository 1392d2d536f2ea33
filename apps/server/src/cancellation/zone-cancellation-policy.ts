import { cancellationText } from '@openride/shared/cancellation/cancellation-text';
import type { ZonePolicyInput } from '@openride/shared/cancellation/schemas';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { isUuid } from '@openride/shared/text';
import { recordAudit } from '../audit/record-audit';
import type { Ports } from '../ports';
import { AppError, badRequest, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { POLICY_TERMS, termsOf } from './cancellation.repo';
import { listCancellationPolicies } from './list-cancellation-policies';

const errors = cancellationText.errors;

async function viewOf(db: Ports['db'], cityId: string, policyId: string) {
  const policy = (await listCancellationPolicies(db, { city: cityId })).find((p) => p.id === policyId);
  if (!policy) throw notFound('No such cancellation policy.');
  return policy;
}

/**
 * An admin gives one of the city's pricing zones (enabled or not) its own terms for a ride type: a copy of the
 * city default's terms (the table's defaults when the city has none), edited afterwards with the PUT. Rides
 * whose recorded pickup zone is this zone follow it from their next cancellation (`policyFor`). The city and
 * zone rows are share-locked, so neither vanishes (nor stops being a pricing zone) under the insert; the
 * unique scope index refuses a second copy (409, also when two admins add the same one at once). Audited as
 * `cancellation_policy.create`, in the same transaction.
 */
export async function createZonePolicy(services: Pick<Ports, 'db'>, adminId: string, input: ZonePolicyInput) {
  const { db } = services;
  const id = await inTransaction(db, async (trx) => {
    const city = await trx.selectFrom('cities').select('id').where('id', '=', input.city_id).forKeyShare().executeTakeFirst();
    if (!city) throw badRequest(errors.cityNotFound);
    const zone = await trx
      .selectFrom('zones')
      .select('id')
      .where('id', '=', input.zone_id)
      .where('city_id', '=', input.city_id)
      .where('type', '=', 'pricing_zone')
      .forShare()
      .executeTakeFirst();
    if (!zone) throw badRequest(errors.zoneNotInCity);
    const base = await trx
      .selectFrom('cancellation_policies_in_force')
      .selectAll()
      .where('city_id', '=', input.city_id)
      .where('ride_type', '=', input.ride_type)
      .where('zone_id', 'is', null)
      .executeTakeFirst();
    const terms = base ? termsOf(base) : {};
    let row: { id: string };
    try {
      row = await trx
        .insertInto('cancellation_policies')
        .values({ city_id: input.city_id, ride_type: input.ride_type, zone_id: input.zone_id })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err, 'cancellation_policies_scope_idx')) throw new AppError('CONFLICT', errors.zoneHasTerms(RIDE_TYPE_NAMES[input.ride_type]));
      throw err;
    }
    // Its version 1 (decision 0087), in force from now.
    const saved = await trx
      .insertInto('cancellation_policy_versions')
      .values({ policy_id: row.id, version: 1, ...terms, created_by: adminId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'cancellation_policy.create',
      entityType: 'cancellation_policy',
      entityId: row.id,
      before: null,
      after: { city_id: input.city_id, zone_id: input.zone_id, ride_type: input.ride_type, from_default: base?.id ?? null, ...termsOf(saved) },
    });
    return row.id;
  });
  return viewOf(db, input.city_id, id);
}

/**
 * An admin removes a zone's own terms (with their versions: the audit keeps the terms in force): rides from
 * that zone follow the city default again, from their next cancellation. A city default (zone_id null) is never removed (400): every ride needs a policy to fall back
 * to. Audited as `cancellation_policy.remove` with the terms as they were.
 */
export async function removeZonePolicy(services: Pick<Ports, 'db'>, adminId: string, policyId: string) {
  if (!isUuid(policyId)) throw notFound('No such cancellation policy.');
  const { db } = services;
  return inTransaction(db, async (trx) => {
    const scope = await trx.selectFrom('cancellation_policies').select('id').where('id', '=', policyId).forUpdate().executeTakeFirst();
    if (!scope) throw notFound('No such cancellation policy.');
    const before = await trx.selectFrom('cancellation_policies_in_force').selectAll().where('id', '=', policyId).executeTakeFirstOrThrow();
    if (before.zone_id === null) throw badRequest(errors.defaultStays);
    const view = (await listCancellationPolicies(trx, { city: before.city_id })).find((p) => p.id === policyId);
    if (!view) throw notFound('No such cancellation policy.');
    await trx.deleteFrom('cancellation_policies').where('id', '=', policyId).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'cancellation_policy.remove',
      entityType: 'cancellation_policy',
      entityId: policyId,
      before: { city_id: before.city_id, zone_id: before.zone_id, ride_type: before.ride_type, ...Object.fromEntries(POLICY_TERMS.map((k) => [k, before[k]])) },
      after: null,
      // The terms are gone: the entry keeps their city.
      cityId: before.city_id,
    });
    return view;
  });
}
