import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Siren, Volume2, VolumeX } from 'lucide-react';
import { rideChannel } from '@openride/shared/realtime';
import { sosText } from '@openride/shared/safety/sos-text';
import { Alert } from '@/components/ui/alert';
import { RideMap } from '@/components/map/ride-map';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { subscribeChannel, useRealtimeEvent } from '@/lib/realtime';
import { type AdminSosAlert, useResolveSos } from '../api/admin-sos';
import { useAlarm } from '../hooks/use-alarm';
import { formatPhone } from '@openride/shared/phone';

const text = sosText.admin;
type Fix = { lat: number; lng: number; heading: number | null };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The open SOS alerts themselves (decision 0061): a red alert per open SOS with who, the ride, the time, a small
 * live map of the car (its `ride:{id}` room's `driver.location`), links to the ride and the ticket, and Resolve
 * with a note; an alarm repeats until acknowledged, with Sound on / Mute. Its own chunk, loaded by `SosAlerts`
 * only when an alert is open, so an admin's every page does not download the map and the dialog (issue 27, 17).
 */
export default function SosAlertPanel({ alerts }: { alerts: readonly AdminSosAlert[] }) {
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const ringing = alerts.some((a) => !acknowledged.has(a.id));
  const alarm = useAlarm(ringing);

  return (
    <section
      aria-label={text.region}
      className="fixed inset-x-2 bottom-2 z-40 max-h-[80dvh] space-y-2 overflow-y-auto rounded-2xl bg-white p-2 shadow-2xl ring-2 ring-red-700 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <h2 className="flex items-center gap-1.5 font-bold text-red-800">
          <Siren className="size-5" aria-hidden="true" />
          {text.region} ({alerts.length})
        </h2>
        <div className="flex flex-wrap items-center gap-1">
          {alarm.audio === 'suspended' && !alarm.muted ? (
            <Button size="sm" variant="outline" onClick={alarm.enable}>
              {text.enableSound}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" aria-pressed={!alarm.muted} onClick={() => alarm.setMuted(!alarm.muted)}>
            {alarm.muted ? <VolumeX className="size-4" aria-hidden="true" /> : <Volume2 className="size-4" aria-hidden="true" />}
            {alarm.muted ? text.mute : text.soundOn}
          </Button>
        </div>
      </div>
      {ringing ? (
        <Button size="sm" variant="destructive" className="w-full" onClick={() => setAcknowledged(new Set(alerts.map((a) => a.id)))}>
          {text.acknowledge}
        </Button>
      ) : null}
      {alerts.map((alert) => (
        <SosAlertCard key={alert.id} alert={alert} />
      ))}
    </section>
  );
}

function SosAlertCard({ alert }: { alert: AdminSosAlert }) {
  const [live, setLive] = useState<Fix | null>(null);
  const [resolving, setResolving] = useState(false);
  const resolve = useResolveSos();
  const rideId = alert.ride.id;
  useEffect(() => subscribeChannel(rideChannel(rideId)), [rideId]);
  useRealtimeEvent('driver.location', (data) => {
    if (data.ride_id === rideId) setLive({ lat: data.lat, lng: data.lng, heading: data.heading });
  });
  const position = live ?? (alert.position ? { lat: alert.position.lat, lng: alert.position.lng, heading: null } : null);
  const name = alert.raised_by.name;
  const error = resolve.error ? (isApiError(resolve.error) && resolve.error.message) || text.resolveFailed : null;

  return (
    <Alert as="article" tone="plain" aria-label={text.title(name)} className="space-y-2 rounded-xl bg-red-50 p-3 text-sm text-ink-900">
      <h3 className="text-base font-bold text-red-800">{text.title(name)}</h3>
      <p>
        {text.from(name, text.role[alert.role])}
        {alert.raised_by.phone ? <span className="font-mono whitespace-nowrap"> · {formatPhone(alert.raised_by.phone)}</span> : null}
      </p>
      <p className="text-ink-700">
        {alert.ride.pickup} → {alert.ride.destination}
      </p>
      <p className="text-ink-700">
        <time dateTime={alert.created_at}>{text.raisedAt(timeOf(alert.created_at))}</time>
        {alert.ride.driver ? ` · ${alert.ride.driver.name}, ${alert.ride.driver.vehicle} ${alert.ride.driver.plate}` : null}
      </p>
      {position ? (
        <RideMap className="h-36 rounded-lg" label={text.position} driver={position} center={position} />
      ) : (
        <p className="text-ink-600">{text.noPosition}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={paths.bookingRide(rideId)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          {text.ride}
        </Link>
        {alert.ticket ? (
          <Link to={paths.supportTicket(alert.ticket.id)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            {text.ticket(alert.ticket.number)}
          </Link>
        ) : null}
        <Button size="sm" variant="destructive" onClick={() => setResolving(true)}>
          {text.resolve}
        </Button>
      </div>
      <ConfirmDialog
        open={resolving}
        onOpenChange={(o) => {
          setResolving(o);
          if (!o) resolve.reset();
        }}
        title={text.resolveTitle}
        description={
          <>
            {text.resolveText}
            <Alert as="span" className="mt-2 block">
              {error}
            </Alert>
          </>
        }
        reason={{ label: text.noteLabel, requiredMessage: text.noteRequired, maxLength: 1000 }}
        confirmLabel={text.resolve}
        busy={resolve.isPending}
        onConfirm={(note) =>
          resolve.mutate(
            { id: alert.id, note: note ?? '' },
            {
              onSuccess: () => {
                setResolving(false);
                toast({ title: text.resolved });
              },
            },
          )
        }
      />
    </Alert>
  );
}
