import { useId, useRef, useState } from 'react';
import { diffPolicies, POLICY_FIELDS } from '@openride/shared/pricing/fare-policy';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import type { FarePolicy } from '@openride/shared/pricing/views';
import { RIDE_TYPE_NAMES, type RideType } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { formatPolicyValue, scopeLabel } from '../lib/policy-format';
import { PolicyForm } from './policy-form';
import type { PricingZone } from './pricing-settings-page';

/**
 * One ride type's card: the version in force for the scope (or the city default it falls back to), versions
 * scheduled to start later, Edit, and the history with each version's changes against the one before.
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
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const own = versions.filter((p) => p.zone_id === scope);
  const inForce = own.find((p) => p.status === 'in_force');
  const fallback = scope !== null && !inForce ? versions.find((p) => p.zone_id === null && p.status === 'in_force') : undefined;
  const shown = inForce ?? fallback;
  const scheduled = own.filter((p) => p.status === 'scheduled').reverse();
  const name = RIDE_TYPE_NAMES[rideType];

  const close = () => {
    setEditing(false);
    editButton.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold text-ink-900">
            {name}
          </h2>
          <p className="text-sm text-ink-600">
            {inForce ? (
              <>
                <span className="font-medium text-ink-800">{text.version(inForce.version)}</span> · {scopeLabel(scope, zones)} ·{' '}
                {sinceText(inForce.effective_from)}
              </>
            ) : fallback ? (
              text.inheritsCityDefault
            ) : (
              text.empty
            )}
          </p>
        </div>
        {!editing ? (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`${text.edit} ${name}`}>
            {text.edit}
          </Button>
        ) : null}
      </header>

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

      {scheduled.map((p) => (
        <p key={p.id} className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {text.scheduled(p.version, formatDateTime(p.effective_from))}
        </p>
      ))}

      {editing ? <PolicyForm cityId={cityId} rideType={rideType} scope={scope} from={shown} title={text.editTitle(name)} onDone={close} /> : null}

      <History versions={own} currency={currency} />
    </section>
  );
}

/** Versions migrated from the old price table start at the epoch: "since the start", not "since Jan 1, 1970". */
const sinceText = (iso: string) => (new Date(iso).getTime() <= 0 ? text.sinceStart : text.since(formatDateTime(iso)));

function History({ versions, currency }: { versions: FarePolicy[]; currency: string }) {
  if (versions.length === 0) return null;
  // Versions in number order, each compared with the one before it.
  const byNumber = [...versions].sort((a, b) => b.version - a.version);
  return (
    <details className="group rounded-xl bg-ink-50 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-ink-800">
        {text.history} ({versions.length})
      </summary>
      <ol className="mt-3 space-y-3">
        {byNumber.map((p, i) => {
          const previous = byNumber[i + 1];
          const changes = previous ? diffPolicies(previous, p) : [];
          return (
            <li key={p.id} className="rounded-lg bg-white p-3 ring-1 ring-ink-200">
              <p className="font-semibold text-ink-900">
                {text.version(p.version)} · <span className="font-normal">{text.status[p.status]}</span>
              </p>
              <p className="text-ink-600">
                {new Date(p.effective_from).getTime() <= 0 ? text.sinceStart : formatDateTime(p.effective_from)} · {text.by(p.created_by_name)}
              </p>
              {p.note ? <p className="mt-1 text-ink-700">{p.note}</p> : null}
              {previous ? (
                changes.length ? (
                  <ul className="mt-2 space-y-1" aria-label={`${text.changed}: ${text.version(p.version)}`}>
                    {changes.map((c) => (
                      <li key={c.field} className="flex flex-wrap gap-x-2">
                        <span className="text-ink-600">{text.fields[c.field]}:</span>
                        <del className="text-red-800">{formatPolicyValue(c.field, c.from, currency)}</del>
                        <span aria-hidden="true">→</span>
                        <ins className="rounded bg-brand-100 px-1 font-semibold text-brand-900 no-underline">{formatPolicyValue(c.field, c.to, currency)}</ins>
                      </li>
                    ))}
                  </ul>
                ) : null
              ) : (
                <p className="mt-1 text-ink-500">{text.initial}</p>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
