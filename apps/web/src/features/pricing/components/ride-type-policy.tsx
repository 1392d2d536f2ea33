import { diffPolicies, POLICY_FIELDS } from '@openride/shared/pricing/fare-policy';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import type { FarePolicy } from '@openride/shared/pricing/views';
import { RIDE_TYPE_NAMES, type RideType } from '@openride/shared/rides/schemas';
import { type VersionChange, VersionHistory } from '@/components/ui/version-history';
import { VersionedSettingCard } from '@/components/ui/versioned-setting';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/staff';
import { formatPolicyValue, scopeLabel } from '../lib/policy-format';
import { PolicyForm } from './policy-form';
import type { PricingZone } from './pricing-settings-page';

/**
 * One ride type's card: the version in force for the scope (or the city default it falls back to), versions
 * scheduled to start later, Edit (for a role that may publish fare policies), and the history with each version's changes against the one before.
 */
export function RideTypePolicy({
  cityId,
  currency,
  rideType,
  scope,
  zones,
  versions,
}: {
  cityId: string;
  currency: string;
  rideType: RideType;
  scope: string | null;
  zones: readonly PricingZone[];
  versions: FarePolicy[];
}) {
  const own = versions.filter((p) => p.zone_id === scope);
  const inForce = own.find((p) => p.status === 'in_force');
  const fallback = scope !== null && !inForce ? versions.find((p) => p.zone_id === null && p.status === 'in_force') : undefined;
  const shown = inForce ?? fallback;
  const scheduled = own.filter((p) => p.status === 'scheduled').reverse();
  const name = RIDE_TYPE_NAMES[rideType];
  const mayPublish = useCan('fare_policy.publish');

  return (
    <VersionedSettingCard
      title={name}
      summary={
        inForce ? (
          <>
            <span className="font-medium text-ink-800">{text.version(inForce.version)}</span> · {scopeLabel(scope, zones)} · {sinceText(inForce.effective_from)}
          </>
        ) : fallback ? (
          text.inheritsCityDefault
        ) : (
          text.empty
        )
      }
      edit={text.edit}
      editLabel={`${text.edit} ${name}`}
      scheduled={scheduled}
      scheduledText={text.scheduled}
      form={
        mayPublish
          ? (close) => (
              <PolicyForm cityId={cityId} currency={currency} rideType={rideType} scope={scope} from={shown} title={text.editTitle(name)} onDone={close} />
            )
          : null
      }
      history={<VersionHistory versions={own} changes={changesIn(currency)} words={text} />}
    >
      {shown ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {POLICY_FIELDS.map((field) => (
            <div key={field} className={field === 'night' ? 'col-span-2' : undefined}>
              <dt className="text-ink-500">{text.fields[field]}</dt>
              <dd className="font-medium text-ink-900">{formatPolicyValue(field, shown[field], currency)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </VersionedSettingCard>
  );
}

/** Versions migrated from the old price table start at the epoch: "since the start", not "since Jan 1, 1970". */
const sinceText = (iso: string) => (new Date(iso).getTime() <= 0 ? text.sinceStart : text.since(formatDateTime(iso)));

/** What a version changed against the one before, each field as the card shows it. */
const changesIn =
  (currency: string) =>
  (before: FarePolicy, after: FarePolicy): VersionChange[] =>
    diffPolicies(before, after).map((c) => ({
      label: text.fields[c.field],
      from: formatPolicyValue(c.field, c.from, currency),
      to: formatPolicyValue(c.field, c.to, currency),
    }));
