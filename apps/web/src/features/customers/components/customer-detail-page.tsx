import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { auditActionLabels } from '@openride/shared/admin/admin-text';
import type { AuditAction } from '@openride/shared/admin/audit';
import { customerText } from '@openride/shared/customers/customer-text';
import { Button } from '@/components/ui/button';
import { DetailPage } from '@/components/ui/detail-page';
import { PageTitle } from '@/components/ui/page';
import { StatCards } from '@/components/ui/stat-cards';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/staff';
import { type CustomerDetail, formatFees, useCustomerDetail } from '../api/customers';
import { BlockRiderDialog } from './block-rider-dialog';
import { formatPhone } from '@openride/shared/phone';

const text = customerText.detail;
const stars = (v: number | null) => (v === null ? customerText.none : `${v.toFixed(1)} ★`);

/**
 * /customer-management/{id} (admins): who the rider is, how they ride, what was decided about them, Block /
 * Unblock, and their rides (`rides`: the rides feature's table, composed by the route).
 */
export function CustomerDetailPage({ rides }: { rides: ReactNode }) {
  const { id = '' } = useParams();
  const detail = useCustomerDetail(id);
  return (
    <DetailPage back={{ to: paths.customerManagement, label: text.back }} query={detail} notFound={text.notFound} loadFailed={text.loadFailed}>
      {(data) => <CustomerRecord data={data} rides={rides} />}
    </DetailPage>
  );
}

function CustomerRecord({ data, rides }: { data: CustomerDetail; rides: ReactNode }) {
  const { customer: c, stats, history } = data;
  const [confirming, setConfirming] = useState(false);
  const mayBlock = useCan('rider.block');
  const cards = [
    { label: text.stats.requested, value: String(stats.rides_requested) },
    { label: text.stats.completed, value: String(stats.rides_completed) },
    { label: text.stats.cancelled, value: String(stats.cancellations), detail: stats.no_driver ? `${text.stats.noDriver}: ${stats.no_driver}` : undefined },
    {
      label: text.stats.lateCancels,
      value: String(c.late_cancels_30d),
      detail: text.stats.noShowsAndFees(c.no_shows_30d, formatFees(c.fees_30d)),
    },
    {
      label: text.stats.ratingReceived,
      value: stars(c.rating_received),
      detail: `${text.stats.ratingsCount(stats.ratings_received)} · ${text.stats.ratingGiven} ${stars(c.rating_given)}`,
    },
  ];

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <PageTitle title={c.name} />
          <h1 className="text-3xl font-bold tracking-tight text-ink-900">{c.name}</h1>
          <p className="break-all text-ink-600">{c.email}</p>
          {c.phone ? <p className="text-ink-600">{formatPhone(c.phone)}</p> : null}
          <p className="text-sm text-ink-500">{text.joined(formatDate(c.created_at))}</p>
          <p>
            <span
              className={cn(
                'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
                c.blocked ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-800',
              )}
            >
              {c.blocked ? customerText.blocked : customerText.active}
            </span>
          </p>
          {c.blocked && c.blocked_reason ? <p className="text-sm text-red-800">{text.blockedBecause(c.blocked_reason)}</p> : null}
        </div>
        {mayBlock ? (
          <Button variant={c.blocked ? 'outline' : 'destructive'} onClick={() => setConfirming(true)} className="shrink-0">
            {c.blocked ? customerText.unblock : customerText.block}
          </Button>
        ) : null}
      </header>

      {data.active_ride_id ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900 ring-1 ring-sky-200">
          <div>
            <p className="font-semibold">{text.activeRide}</p>
            <p>{text.activeRideHint}</p>
          </div>
          <Link to={paths.bookingRide(data.active_ride_id)} className="font-medium underline underline-offset-2">
            {text.openRide}
          </Link>
        </div>
      ) : null}

      <StatCards cards={cards} />

      <section aria-labelledby="rider-rides">
        <h2 id="rider-rides" className="mb-3 text-xl font-semibold text-ink-900">
          {text.ridesTitle}
        </h2>
        {rides}
      </section>

      <section aria-labelledby="rider-history">
        <h2 id="rider-history" className="mb-3 text-xl font-semibold text-ink-900">
          {text.historyTitle}
        </h2>
        {history.length === 0 ? (
          <p className="text-sm text-ink-500">{text.historyEmpty}</p>
        ) : (
          <ol className="space-y-3">
            {history.map((h) => (
              <li key={`${h.created_at}-${h.action}`} className="rounded-2xl border border-ink-200 bg-white p-4 text-sm">
                <p className="font-semibold text-ink-900">{auditActionLabels[h.action as AuditAction] ?? h.action}</p>
                <p className="text-ink-500">
                  {formatDateTime(h.created_at)} · {text.historyBy(h.actor_name)}
                </p>
                {h.reason ? <p className="mt-1 text-ink-700">{h.reason}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <BlockRiderDialog rider={confirming ? { id: c.id, name: c.name, blocked: c.blocked } : null} onClose={() => setConfirming(false)} />
    </div>
  );
}
