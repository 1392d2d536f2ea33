import { Copy, Share2 } from 'lucide-react';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import type { ReferralStatus } from '@openride/shared/referrals/schemas';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { type MyReferral, type MyReferrals, useMyReferrals } from '../api/my-referrals';

const text = referralsText;

/** /referrals for a rider or a driver (decision 0064): their codes and links, rewards earned, the people they referred. */
export function MyReferralsPage() {
  const query = useMyReferrals();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={text.page.title} description={text.page.description} />
      <QueryView query={query} loadFailed={text.page.loadFailed}>
        {(data) => (
          <div className="space-y-8">
            {data.codes.map((c) => (
              <CodeCard key={c.program} code={c} />
            ))}
            <Rewards rewards={data.rewards} />
            <Referred people={data.referred} />
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function CodeCard({ code: c }: { code: MyReferrals['codes'][number] }) {
  const link = `${window.location.origin}${c.link_path}`;
  const headingId = `referral-code-${c.program}`;
  const usd = (cents: number) => formatMoney(cents, c.currency ?? 'USD');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: text.code.copied });
    } catch {
      toast({ variant: 'destructive', title: text.code.copyFailed });
    }
  };
  const canShare = typeof navigator.share === 'function';
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-ink-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink-900">
        {text.code.heading[c.program]}
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        {c.program === 'rider'
          ? text.code.riderOffer(usd(c.referee_reward_cents), usd(c.referrer_reward_cents))
          : text.code.driverOffer(usd(c.referrer_reward_cents), c.rides_required, c.within_days)}{' '}
        {text.code.expiry(c.expiry_days)}
      </p>
      {c.enabled ? null : <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{text.code.paused}</p>}
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-sm font-medium text-ink-700">{text.code.yourCode}</dt>
          <dd className="font-mono text-2xl font-bold tracking-widest text-ink-900" data-testid={`referral-code-${c.program}`}>
            {c.code}
          </dd>
        </div>
        <div>
          <dt>
            <label htmlFor={`${headingId}-link`} className="text-sm font-medium text-ink-700">
              {text.code.link}
            </label>
          </dt>
          <dd className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id={`${headingId}-link`}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full min-w-0 rounded-xl border border-ink-300 bg-ink-50 px-3 text-sm text-ink-900"
            />
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => void copy()} className="shrink-0">
                <Copy className="size-4" aria-hidden="true" />
                {text.code.copy}
              </Button>
              {canShare ? (
                <Button
                  variant="outline"
                  className="shrink-0"
                  onClick={() => void navigator.share({ title: text.code.shareTitle, text: text.code.shareText(c.code), url: link }).catch(() => undefined)}
                >
                  <Share2 className="size-4" aria-hidden="true" />
                  {text.code.share}
                </Button>
              ) : null}
            </div>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Rewards({ rewards }: { rewards: MyReferrals['rewards'] }) {
  return (
    <section aria-labelledby="referral-rewards" className="space-y-2">
      <h2 id="referral-rewards" className="text-lg font-semibold text-ink-900">
        {text.rewards.heading}
      </h2>
      {rewards.length === 0 ? (
        <p className="text-sm text-ink-600">{text.rewards.none}</p>
      ) : (
        <ul className="space-y-1">
          {rewards.map((r) => (
            <li key={r.currency} className="text-2xl font-bold text-brand-700">
              {text.rewards.total(formatMoney(r.cents, r.currency), r.count)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_STYLE: Record<ReferralStatus, string> = {
  pending: 'bg-blue-50 text-blue-800',
  qualified: 'bg-emerald-50 text-emerald-800',
  rewarded: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-ink-100 text-ink-700',
  flagged: 'bg-amber-50 text-amber-900',
  rejected: 'bg-ink-100 text-ink-700',
};

export function ReferralStatusChip({ status }: { status: ReferralStatus }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STATUS_STYLE[status])}>{text.statuses[status]}</span>
  );
}

function Referred({ people }: { people: MyReferral[] }) {
  return (
    <section aria-labelledby="referral-people" className="space-y-3">
      <h2 id="referral-people" className="text-lg font-semibold text-ink-900">
        {text.referred.heading}
      </h2>
      {people.length === 0 ? (
        <QueryEmpty>{text.referred.none}</QueryEmpty>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
          {people.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="font-semibold text-ink-900">
                  {p.name} <span className="text-sm font-normal text-ink-500">· {text.referred.program[p.program]}</span>
                </p>
                <p className="text-sm text-ink-600">
                  {text.referred.progress(p.rides_done, p.rides_required)}
                  {p.status === 'pending' ? ` · ${text.referred.expires(formatDate(p.expires_at))}` : null}
                  {p.status === 'rewarded' && p.reward_cents && p.currency ? ` · ${text.referred.earned(formatMoney(p.reward_cents, p.currency))}` : null}
                </p>
              </div>
              <ReferralStatusChip status={p.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
