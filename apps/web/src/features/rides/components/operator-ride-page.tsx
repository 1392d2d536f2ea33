import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACTIVE_STATUSES, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { operatorText as text, timelineEventText } from '@openride/shared/rides/operator-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import type { TimelineEvent } from '@openride/shared/rides/operator';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DetailHeader, DetailPage } from '@/components/ui/detail-page';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/staff';
import { type AdminRideDetail, useOperatorCancel, useOperatorRide, useRedispatch } from '../api/operator-rides';
import { formatDateTime, formatDistance, formatDuration, formatMoney } from '../lib/format';
import { statusBadge } from './operator-rides-table';

const eventText = (e: TimelineEvent) => timelineEventText(e);
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const failure = (error: unknown) => (isApiError(error) && error.status < 500 ? error.message : text.failed);

/** /booking-management/:id (admins): one ride's whole story, and the operator's verbs on it that the staff member's role allows. */
export function OperatorRidePage() {
  const { id = '' } = useParams();
  const ride = useOperatorRide(id);
  return (
    <DetailPage back={{ to: paths.bookingManagement, label: text.back }} query={ride} notFound={text.notFound} loadFailed={text.loadFailed}>
      {(data) => <RideStory detail={data} />}
    </DetailPage>
  );
}

function RideStory({ detail }: { detail: AdminRideDetail }) {
  const { ride, timeline, route, ratings, messages } = detail;
  const live = (ACTIVE_STATUSES as readonly string[]).includes(ride.status);
  const [cancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancel = useOperatorCancel();
  const redispatch = useRedispatch();
  const mayCancel = useCan('ride.cancel');
  const mayRedispatch = useCan('dispatch.manage');
  const mayOpenDriver = useCan('driver.read');
  const title = `${ride.pickup_label ?? '—'} → ${ride.dropoff_label ?? '—'}`;

  return (
    <div className="space-y-6">
      <DetailHeader
        title={title}
        actions={
          live && (mayCancel || mayRedispatch) ? (
            <div className="flex flex-wrap gap-2">
              {ride.status === 'requested' && mayRedispatch ? (
                <Button
                  variant="outline"
                  disabled={redispatch.isPending}
                  onClick={() =>
                    redispatch.mutate(
                      { id: ride.id, input: undefined },
                      { onSuccess: () => toast({ title: text.redispatched }), onError: (e) => toast({ variant: 'destructive', title: failure(e) }) },
                    )
                  }
                >
                  {text.redispatch}
                </Button>
              ) : null}
              {mayCancel ? (
                <Button ref={cancelButton} variant="destructive" disabled={cancel.isPending} onClick={() => setCancelling(true)}>
                  {text.cancel}
                </Button>
              ) : null}
            </div>
          ) : null
        }
      >
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[ride.status])}>{STATUS_LABELS[ride.status]}</span>
          <span>{formatDateTime(ride.requested_at)}</span>
          <span className="font-mono text-xs text-ink-500">{ride.id}</span>
        </p>
      </DetailHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <SectionCard id="ride-summary" title={text.summary}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-ink-500">{text.fields.rider}</dt>
            <dd className="text-ink-900">
              {ride.rider_name} · {ride.rider_email}
              {ride.rider_phone ? ` · ${ride.rider_phone}` : ''}
            </dd>
            <dt className="text-ink-500">{text.fields.driver}</dt>
            <dd className="text-ink-900">
              {ride.driver_name && mayOpenDriver ? (
                <Link className="underline-offset-2 hover:underline" to={paths.driverDetail(ride.driver_id!)}>
                  {ride.driver_name}
                </Link>
              ) : (
                (ride.driver_name ?? text.noDriver)
              )}
              {ride.driver_phone ? ` · ${ride.driver_phone}` : ''}
            </dd>
            {ride.vehicle ? (
              <>
                <dt className="text-ink-500">{text.fields.vehicle}</dt>
                <dd className="text-ink-900">{ride.vehicle}</dd>
              </>
            ) : null}
            <dt className="text-ink-500">{text.fields.trip}</dt>
            <dd className="text-ink-900">
              {RIDE_TYPE_NAMES[ride.ride_type as keyof typeof RIDE_TYPE_NAMES] ?? ride.ride_type} · {formatDistance(ride.distance_m)} ·{' '}
              {formatDuration(ride.duration_s)}
            </dd>
            <dt className="text-ink-500">{text.fields.fare}</dt>
            <dd className="font-semibold text-ink-900">{formatMoney(ride.fare_cents, ride.currency)}</dd>
          </dl>
        </SectionCard>

        <SectionCard id="ride-timeline" title={text.timeline}>
          <ol className="space-y-3 border-l-2 border-ink-100 pl-4">
            {timeline.map((e, i) => (
              <li key={`${e.kind}-${e.at}-${i}`} className="relative text-sm">
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full',
                    e.kind === 'cancelled' || e.kind === 'no_driver' ? 'bg-red-500' : e.kind === 'completed' ? 'bg-brand-500' : 'bg-ink-400',
                  )}
                />
                <p className="font-medium text-ink-900">{eventText(e)}</p>
                <p className="text-xs text-ink-500">
                  <time dateTime={e.at}>{time(e.at)}</time>
                  {e.reason ? ` · “${e.reason}”` : ''}
                </p>
              </li>
            ))}
          </ol>
        </SectionCard>
      </div>

      <SectionCard id="ride-route" title={text.route}>
        <RideMap
          className="h-72 rounded-xl"
          label={text.route}
          pickup={ride.pickup}
          destination={ride.destination}
          path={route.map((p) => [p.lat, p.lng] as [number, number])}
        />
        {route.length === 0 ? <p className="mt-2 text-sm text-ink-500">{text.routeNone}</p> : null}
      </SectionCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard id="ride-chat" title={text.chat}>
          {messages.length === 0 ? (
            <p className="text-sm text-ink-500">{text.chatNone}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {messages.map((m, i) => (
                <li key={i}>
                  <span className="font-medium text-ink-900">{text.sender[m.sender_role]}</span>{' '}
                  <span className="text-xs text-ink-500">{time(m.created_at)}</span>
                  <p className="text-ink-800">{m.body}</p>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
        <SectionCard id="ride-ratings" title={text.ratings}>
          {ratings.length === 0 ? (
            <p className="text-sm text-ink-500">{text.ratingsNone}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {ratings.map((r) => (
                <li key={r.rater_role}>
                  <span className="text-ink-600">{text.ratedBy[r.rater_role]}:</span> <span className="font-semibold text-ink-900">{'★'.repeat(r.stars)}</span>
                  <span className="sr-only"> {r.stars} / 5</span>
                  {r.comment ? <p className="text-ink-800">“{r.comment}”</p> : null}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>

      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={text.cancelDialog.title}
        description={text.cancelDialog.text}
        confirmLabel={text.cancelDialog.confirm}
        cancelLabel={text.cancelDialog.keep}
        variant="destructive"
        reason={{ label: text.cancelDialog.reasonLabel, requiredMessage: text.cancelDialog.reasonRequired, maxLength: 500 }}
        onConfirm={(reason) => {
          setCancelling(false);
          cancel.mutate(
            { id: ride.id, input: { reason: reason ?? '' } },
            { onSuccess: () => toast({ title: text.cancelled }), onError: (e) => toast({ variant: 'destructive', title: failure(e) }) },
          );
        }}
      />
    </div>
  );
}
