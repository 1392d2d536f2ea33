import type { CancellationPolicyInput } from '@openride/shared/cancellation/schemas';
import { isUuid } from '@openride/shared/text';
import { sql } from 'kysely';
import { notFound } from '../lib/errors';
import type { Ports } from '../ports';
import { addSettingsVersion } from '../settings/versioned-settings';
import { POLICY_TERMS, termsOf } from './cancellation.repo';
import { listCancellationPolicies } from './list-cancellation-policies';

const NOT_FOUND = 'No such cancellation policy.';

/**
 * An admin changes one policy's terms: its next version (decision 0087), through `addSettingsVersion` like
 * fare policies and financial settings — the city row locked (two admins' changes get distinct, ordered
 * numbers), the policy key-share locked (not removed underneath), the version and its audit
 * (`cancellation_policy.update`: only the terms that changed, before and after, with the version numbers) in
 * one transaction. Saving the terms in force again writes nothing. A version is in force from its save (the
 * database's clock, which `cancellation_policies_in_force` reads too): it applies to the next cancellation,
 * since a ride's fee is decided at its cancel, from the version then in force.
 */
export async function updateCancellationPolicy(services: Pick<Ports, 'db'>, adminId: string, policyId: string, input: CancellationPolicyInput) {
  if (!isUuid(policyId)) throw notFound(NOT_FOUND);
  const { db } = services;
  const scope = await db.selectFrom('cancellation_policies').select('city_id').where('id', '=', policyId).executeTakeFirst();
  if (!scope) throw notFound(NOT_FOUND);
  const terms = Object.fromEntries(POLICY_TERMS.map((k) => [k, input[k]])) as CancellationPolicyInput;
  await addSettingsVersion(db, {
    adminId,
    cityId: scope.city_id,
    effectiveFrom: null,
    now: new Date(),
    pastToleranceMs: 0,
    words: { effectiveInPast: NOT_FOUND, cityNotFound: NOT_FOUND },
    check: async (trx) => {
      const still = await trx.selectFrom('cancellation_policies').select('id').where('id', '=', policyId).forKeyShare().executeTakeFirst();
      if (!still) throw notFound(NOT_FOUND);
    },
    latest: (trx) =>
      trx.selectFrom('cancellation_policy_versions').selectAll().where('policy_id', '=', policyId).orderBy('version', 'desc').limit(1).executeTakeFirst(),
    unchanged: (latest) => POLICY_TERMS.every((k) => latest[k] === terms[k]),
    insert: (trx, next) =>
      trx
        .insertInto('cancellation_policy_versions')
        .values({ policy_id: policyId, version: next.version, ...terms, effective_from: sql<Date>`now()`, created_by: adminId })
        .returningAll()
        .executeTakeFirstOrThrow(),
    view: (row) => row,
    audit: {
      action: 'cancellation_policy.update',
      entityType: 'cancellation_policy',
      entityId: () => policyId,
      fields: (row) => ({ version: row.version, ...termsOf(row) }),
      scope: {},
      reason: null,
      changedOnly: true,
    },
  });
  const policy = (await listCancellationPolicies(db, { city: scope.city_id })).find((p) => p.id === policyId);
  if (!policy) throw notFound(NOT_FOUND);
  return policy;
}
