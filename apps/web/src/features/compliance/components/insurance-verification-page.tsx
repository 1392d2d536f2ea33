import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, CircleHelp, XCircle } from 'lucide-react';
import { type AdminPolicy, insuranceText, type PolicyList, POLICY_LISTS } from '@openride/shared/compliance/insurance';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { INSURANCE_FIRST_LIST, useAdminPolicies, useDecidePolicy } from '../api/insurance';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCity } from '@/lib/console-city';
import { fileUrl } from '@/lib/file-url';
import { formatPhone } from '@openride/shared/phone';

const text = insuranceText.admin;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /insurance-verification (decision 0052): policies in review (oldest first), Expiring soon and Expired, by
 * city; the chosen one's document large beside the checks, with Verify, Reject (a reason from a template or
 * written) and, for a verified one, Revoke — which takes the driver off the road at once.
 */
export function InsuranceVerificationPage() {
  const [list, setList] = useState<PolicyList>(INSURANCE_FIRST_LIST.list);
  const [city, setCity] = usePageCity<string>(INSURANCE_FIRST_LIST.city);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const cities = useAdminCities();
  const policies = useAdminPolicies(list, city);
  const items = policies.data ?? [];
  const selected = items.find((p) => p.id === selectedId) ?? items[0];
  const page = uiText.pages.insuranceVerification;
  return (
    <PageContainer>
      <PageHeading title={page.title} description={text.intro}>
        {cities.data && cities.data.length > 1 ? (
          <CityPicker
            className="w-full sm:w-48"
            label={text.city}
            cities={[{ id: '', name: text.allCities }, ...cities.data]}
            value={city}
            onChange={setCity}
          />
        ) : null}
      </PageHeading>
      <Tabs label={page.title} items={POLICY_LISTS.map((value) => ({ value, label: insuranceText.lists[value] }))} value={list} onValueChange={setList}>
        {() => (
          <QueryView query={policies} loadFailed={text.loadFailed} isEmpty={(d) => d.length === 0} empty={text.empty}>
            {(_policies) => (
              <div className="mt-4 grid gap-4 lg:grid-cols-[18rem_1fr]">
                <ul aria-label={insuranceText.lists[list]} className="space-y-2">
                  {items.map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        aria-pressed={p.id === selected?.id}
                        onClick={() => setSelectedId(p.id)}
                        className={cn(
                          'w-full rounded-2xl border bg-white p-3 text-left text-sm',
                          p.id === selected?.id ? 'border-ink-900' : 'border-ink-200 hover:border-ink-400',
                        )}
                      >
                        <span className="block font-semibold text-ink-900">{p.driver.full_name}</span>
                        <span className="block text-ink-600">
                          {p.vehicle.license_plate} · {p.insurer}
                        </span>
                        <span className="block text-xs text-ink-500">
                          {list === 'review' ? text.submitted(dateTime.format(new Date(p.created_at))) : text.endsIn(p.days_left)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                {selected ? <PolicyDetail key={selected.id} policy={selected} /> : <p className="text-sm text-ink-600">{text.select}</p>}
              </div>
            )}
          </QueryView>
        )}
      </Tabs>
    </PageContainer>
  );
}

function PolicyDetail({ policy: p }: { policy: AdminPolicy }) {
  const decide = useDecidePolicy();
  const [reason, setReason] = useState('');
  const [showReason, setShowReason] = useState<'reject' | 'revoke' | null>(null);
  const reasonOk = reason.trim().length >= 3;
  const run = (decision: Parameters<typeof decide.mutate>[0]['decision'], done: string) =>
    decide.mutate(
      { id: p.id, decision },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => toast({ variant: 'destructive', title: isApiError(error) ? error.message : text.failed }),
      },
    );
  const templates = showReason === 'revoke' ? insuranceText.revokeTemplates : insuranceText.rejectTemplates;
  return (
    <article
      aria-label={`${p.driver.full_name}, ${p.vehicle.license_plate}`}
      className="grid gap-4 rounded-3xl border border-ink-200 bg-white p-4 md:grid-cols-2"
    >
      <section aria-label={text.document} className="space-y-2">
        <a href={fileUrl(p.file_id)} target="_blank" rel="noreferrer" className="block">
          <img src={fileUrl(p.file_id)} alt={`${text.document}: ${p.driver.full_name}`} className="max-h-[28rem] w-full rounded-2xl bg-ink-50 object-contain" />
        </a>
        <a href={fileUrl(p.file_id)} target="_blank" rel="noreferrer" className="text-sm font-medium text-ink-900 underline underline-offset-4">
          {text.openDocument}
        </a>
      </section>
      <div className="space-y-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-500">{insuranceText.driver.insurer}</dt>
          <dd className="break-words">{p.insurer}</dd>
          <dt className="text-ink-500">{insuranceText.driver.policyNumber}</dt>
          <dd className="break-words">{p.policy_number}</dd>
          <dt className="text-ink-500">{insuranceText.driver.insuredName}</dt>
          <dd className="break-words">{p.insured_name}</dd>
          <dt className="text-ink-500">{text.cover}</dt>
          <dd>
            {p.coverage_start} – {p.coverage_end}
            <span className="block text-ink-600">{text.endsIn(p.days_left)}</span>
          </dd>
          <dt className="text-ink-500">{text.vehicleRecord}</dt>
          <dd>
            {p.vehicle.year} {p.vehicle.make} {p.vehicle.model} · {p.vehicle.color} · {p.vehicle.license_plate}
          </dd>
        </dl>
        <p>
          <Link to={paths.driverDetail(p.driver.id)} className="font-semibold text-ink-900 underline-offset-4 hover:underline">
            {p.driver.full_name}
          </Link>{' '}
          · {formatPhone(p.driver.phone)} · {p.city.name}
        </p>
        <section aria-labelledby={`checks-${p.id}`}>
          <h2 id={`checks-${p.id}`} className="mb-1 font-semibold text-ink-900">
            {text.checksTitle}
          </h2>
          <ul className="space-y-1.5">
            {p.checks.map((c) => (
              <li key={c.key} className="flex gap-2">
                {c.pass === true ? (
                  <CheckCircle2 className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                ) : c.pass === false ? (
                  <XCircle className="size-5 shrink-0 text-red-700" aria-hidden="true" />
                ) : (
                  <CircleHelp className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
                )}
                <span>
                  <span className="font-medium">
                    {c.label}: {c.pass === true ? text.pass : c.pass === false ? text.fail : '?'}
                  </span>
                  <span className="block text-ink-600">{c.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={text.registration} className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{text.registration}</p>
          {p.registration ? (
            <FileThumbs ids={p.registration.file_ids} alt={(n) => `${text.registration} ${n}`} />
          ) : (
            <p className="text-ink-600">{text.noRegistration}</p>
          )}
        </section>
        {showReason ? (
          <div className="space-y-2">
            <label className="block space-y-1">
              <span className="block font-medium text-ink-800">{text.template}</span>
              <select className={inputClasses} value="" onChange={(e) => e.target.value && setReason(e.target.value)}>
                <option value="">{text.chooseTemplate}</option>
                {templates.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1">
              <span className="block font-medium text-ink-800">{text.reason}</span>
              <textarea className={inputClasses} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            {!reasonOk && reason.length > 0 ? <p className="text-red-700">{text.reasonRequired}</p> : null}
          </div>
        ) : null}
        <div className="flex flex-col gap-2 min-[400px]:flex-row">
          {p.status === 'in_review' ? (
            <>
              <Button size="sm" disabled={decide.isPending} onClick={() => run({ status: 'verified' }, text.verified)}>
                {text.verify}
              </Button>
              <Button
                size="sm"
                variant={showReason === 'reject' ? 'destructive' : 'outline'}
                disabled={decide.isPending || (showReason === 'reject' && !reasonOk)}
                onClick={() => (showReason === 'reject' ? run({ status: 'rejected', reason: reason.trim() }, text.rejected) : setShowReason('reject'))}
              >
                {text.reject}
              </Button>
            </>
          ) : p.status === 'verified' ? (
            <Button
              size="sm"
              variant={showReason === 'revoke' ? 'destructive' : 'outline'}
              disabled={decide.isPending || (showReason === 'revoke' && !reasonOk)}
              onClick={() => (showReason === 'revoke' ? run({ status: 'revoked', reason: reason.trim() }, text.revoked) : setShowReason('revoke'))}
            >
              {text.revoke}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
